import Domain

/// The NearbyPOIs streets under the map (`LoadStreets`): asked by the Interactor itself after
/// the first page of places, so there is no Request.
extension NearbyPOIs {
    /// The streets, water, parks and railways drawn under the places on the map.
    package enum LoadStreets {
        /// The streets loaded, or why they could not be.
        package struct Response: Sendable {
            /// The streets, or nil when the request failed.
            let map: StreetMap?
            /// The failure, or nil.
            let error: SourceError?
        }

        /// What the map draws under the places.
        package struct ViewModel: Sendable {
            /// One line or outline, its points in metres east and north of `origin`
            /// (equirectangular, as the places are: `PlaceDistances.mapOffset`).
            struct Line: Sendable {
                /// What it is (the drawing's weight, pattern and role).
                let kind: StreetClass
                /// A main street's name to write along it (tertiary and above), else nil.
                let name: String?
                /// Metres east of `origin`, one a point.
                let east: [Float]
                /// Metres north of `origin`, one a point.
                let north: [Float]
                /// True for an outline that ends where it starts (a lake, a park).
                let isClosed: Bool
            }
            /// The point the lines are measured from, nil when there are none.
            let origin: Coordinate?
            /// The lines, in drawing order (areas, railways, then roads faintest first).
            let lines: [Line]
            /// A one-line message for the status bar when the streets could not be loaded.
            let message: String?
        }
    }
}
