import Domain

/// The NearbyPOIs city search: find a city by name (`SearchCities`) and search around it
/// (`ChooseCity`).
extension NearbyPOIs {
    /// Find cities by name for a new centre: type-ahead over the offline list, or a live
    /// geocoder when asked.
    package enum SearchCities {
        /// The text typed so far.
        package struct Request: Sendable {
            /// The start of a city's name.
            let text: String
            /// True to ask the live geocoder (on Enter) rather than the offline list.
            var online = false
        }

        /// The cities found and the search's state.
        package struct Response: Sendable {
            /// The text searched for.
            let query: String
            /// The cities found, best first.
            let cities: [City]
            /// True while the search runs.
            let isSearching: Bool
            /// True when `cities` came from the live geocoder.
            let searchedOnline: Bool
            /// The live geocoder's name when one can be asked, for example `Nominatim`.
            let onlineProvider: String?
            /// The name given to `--city` when several cities carry it (the start-up picker).
            let ambiguousName: String?
            /// The failure of the last search, if it failed; with `cities` not empty, the live
            /// geocoder's failure when the offline list answered instead.
            let error: SourceError?
        }

        /// What the city picker draws.
        package struct ViewModel: Sendable, Equatable {
            /// One city, display-ready.
            struct Row: Sendable, Equatable {
                /// The city's id, for `ChooseCity`.
                let id: String
                /// The name, for example `Springfield`.
                let name: String
                /// Where it is and how big, for example `MO, United States · pop. 170,188`.
                let detail: String
            }
            /// The picker's title, for example `Find a city` or `Several cities match “Springfield”: choose one`.
            let title: String
            /// The text searched for.
            let query: String
            /// The cities.
            let rows: [Row]
            /// A line under the rows (searching, nothing found, a failure), else nil.
            let message: String?
            /// Whether `message` reports an error.
            let messageIsError: Bool
            /// The label of the row that asks the live geocoder, for example
            /// `Search Nominatim for “ist”`; nil when there is no live geocoder or no text.
            let onlineLabel: String?
            /// True when the picker opens by itself (an ambiguous `--city` at start).
            let opensByItself: Bool
        }
    }

    /// Search around a city found by `SearchCities`.
    package enum ChooseCity {
        /// The choice.
        package struct Request: Sendable {
            /// A `SearchCities.ViewModel.Row.id`.
            let id: String
        }
    }
}
