/// The NearbyPOIs place details: one place's facts (`ShowPlaceDetails`).
extension NearbyPOIs {
    /// Show one place's details.
    enum ShowPlaceDetails {
        /// The place.
        struct Request: Sendable {
            /// A row's id.
            let id: String
        }

        /// The place with its distance and bearing from the centre.
        struct Response: Sendable {
            /// The place.
            let place: LoadPlaces.Response.Place
        }

        /// What the detail view draws.
        struct ViewModel: Sendable, Equatable {
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
        }
    }
}
