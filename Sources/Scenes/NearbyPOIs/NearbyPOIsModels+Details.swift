/// The NearbyPOIs place details: one place's facts (`ShowPOIDetails`).
extension NearbyPOIs {
    /// Show one place's details.
    package enum ShowPOIDetails {
        /// The place.
        package struct Request: Sendable {
            /// A row's id.
            let id: String
        }

        /// The place with its distance and bearing from the centre.
        package struct Response: Sendable {
            /// The place.
            let place: LoadPOIs.Response.NearbyPOI
            /// True while the streets under the map are still loading (the walk by the streets
            /// is still to come).
            var streetsLoading = false
            /// True when this updates the details already shown (the streets arrived): drawn
            /// only if that place's page is still open.
            var isUpdate = false
        }

        /// What the detail view draws.
        package struct ViewModel: Sendable, Equatable {
            /// A label and its value, for example `Phone` / `+90 212 555 01 01`.
            struct Fact: Sendable, Equatable {
                /// The label.
                let label: String
                /// The value, or `—`.
                let value: String
            }
            /// The place's id.
            let id: String
            /// The name, or a stand-in (category and street).
            let title: String
            /// Category, distance and direction, for example `Café · 120 m NE`.
            let subtitle: String
            /// The facts: address, opening hours, phone, website, coordinates, source, id.
            let facts: [Fact]
            /// The labels of facts drawn on one line, shortened in the middle when too long
            /// (`Website`, `Source id`); the whole values are in `--json` and copied by `y`/`Y`.
            var oneLineLabels: Set<String> = []
            /// The whole source id, copied by `y`.
            var copyID: String? = nil
            /// The whole web address, copied by `Y`; nil when the place gives none.
            var copyWebsite: String? = nil
            /// What the status bar says after `y`; nil says nothing.
            var copyIDNotes: CopyNotes? = nil
            /// What the status bar says after `Y`; nil says nothing.
            var copyWebsiteNotes: CopyNotes? = nil
            /// True when this updates a page already open: shown only if that place's page is
            /// still open, never opening one.
            var isUpdate = false
        }

        /// What the status bar says after a copy key, for each outcome.
        struct CopyNotes: Sendable, Equatable {
            /// The value went to the terminal: `Whole source id sent to the clipboard (OSC 52)`.
            let sent: String
            /// No clipboard is wired here: `No clipboard here: the whole source id is in --json`.
            let noClipboard: String
            /// The terminal takes no clipboard: `No clipboard on this terminal: the whole source id is in --json`.
            let refused: String
            /// The place has no such value: `This place has no source id to copy`.
            let nothing: String
        }
    }
}
