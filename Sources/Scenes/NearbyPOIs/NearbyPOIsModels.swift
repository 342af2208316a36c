import Domain

/// The NearbyPOIs scene's use cases, each with its Request, Response and ViewModel.
/// See Scenes.md for the keys and routes.
package enum NearbyPOIs {
    /// How distances are written: metres and kilometres, or feet and miles.
    package enum Units: String, Sendable, CaseIterable {
        /// `95 m`, `1.2 km`.
        case metric
        /// `300 ft`, `0.7 mi`.
        case imperial
    }

    /// The search radii that `+` and `-` step through, in metres (250 m to 25 km).
    static let radiusStepsMeters: [Double] = [250, 500, 1_000, 2_000, 5_000, 10_000, 25_000]

    /// How long a search after a change of radius, category or city waits for a further change
    /// before it is sent: 250 ms, about the gap between two quick key presses, so that
    /// pressing `+` three times sends one search, not three.
    static let searchDebounce: Duration = .milliseconds(250)

    /// The narrowest terminal that shows the mini-map beside the list, in cells; narrower, `m`
    /// shows the map instead of the list.
    static let sideMapMinimumColumns = 100

    /// The radius when none is given, in metres: 2 km, enough for a city centre's cafés and
    /// restaurants without asking a live source for a whole district.
    package static let defaultRadiusMeters: Double = 2_000

    /// The next radius step wider or narrower than a radius.
    /// - Parameters:
    ///   - radiusMeters: the current radius, in metres (any value, not only a step).
    ///   - wider: true for the next wider step, false for the next narrower one.
    /// - Returns: the step in metres, or nil when there is none (already at 25 km or 250 m).
    static func radiusStep(from radiusMeters: Double, wider: Bool) -> Double? {
        wider ? radiusStepsMeters.first { $0 > radiusMeters } : radiusStepsMeters.last { $0 < radiusMeters }
    }

    /// Where the scene starts, from the command line.
    package struct Start: Sendable {
        /// The point to search around.
        package var center: Coordinate
        /// The city searched around, when the centre is a city's (`--city`).
        package var city: City?
        /// The name of the snapshot area used when no location was given; nil otherwise.
        package var defaultAreaName: String?
        /// The search radius, in metres.
        package var radiusMeters: Double = NearbyPOIs.defaultRadiusMeters
        /// The kind of place, or nil for all.
        package var category: POICategory?
        /// The name given to `--city` when several cities carry it; nil otherwise.
        package var ambiguousCityName: String?
        /// The cities carrying that name, most populous first; a picker offers them at start.
        package var cityCandidates: [City] = []
        /// The areas the embedded snapshot covers (`Istanbul`, `Lake District`, `Paris`), named
        /// when the snapshot finds nothing.
        package var snapshotAreaNames: [String] = []
        /// Those areas with their centres, extents and kinds of place.
        package var snapshotAreas: [POIArea] = []
        /// The walking pace of walks by the streets (the `walking-speed` setting).
        package var walkingPace = WalkingPace.standard

        /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
        package init(
            center: Coordinate, city: City? = nil, defaultAreaName: String? = nil, radiusMeters: Double = NearbyPOIs.defaultRadiusMeters, category: POICategory? = nil,
            ambiguousCityName: String? = nil, cityCandidates: [City] = [], snapshotAreaNames: [String] = [], snapshotAreas: [POIArea] = []
        ) {
            self.center = center
            self.city = city
            self.defaultAreaName = defaultAreaName
            self.radiusMeters = radiusMeters
            self.category = category
            self.ambiguousCityName = ambiguousCityName
            self.cityCandidates = cityCandidates
            self.snapshotAreaNames = snapshotAreaNames
            self.snapshotAreas = snapshotAreas
        }
    }

    /// Load the places around the centre (or reload them from the first page); its Request,
    /// Response and ViewModel are in `NearbyPOIsModels+LoadPOIs.swift`.
    package enum LoadPOIs {}

    /// List only the places open now, or all of them again (`o`).
    package enum ToggleOpenNow {
        /// `o` (open now) or `O` (open when I get there: at now plus the walk).
        package struct Request: Sendable {
            /// True for "open when I get there".
            var onArrival = false
        }
    }

    /// Load the next page (the selection neared the end of the list).
    package enum LoadNextPage {
        /// Ask for the next page; ignored while a page is loading or when there is none.
        package struct Request: Sendable {}
    }

    /// Filter the loaded places by name as the person types.
    package enum FilterPOIs {
        /// The query.
        package struct Request: Sendable {
            /// Case- and diacritic-insensitive text to find in names; empty for all places.
            let query: String
        }
    }

    /// Widen or narrow the search radius by one step and search again.
    package enum ChangeRadius {
        /// The direction.
        package struct Request: Sendable {
            /// True for the next wider step (`+`), false for the next narrower one (`-`).
            let wider: Bool
        }

        /// No step is left in that direction: the radius is already the widest (or narrowest).
        /// (A step that exists answers with a `LoadPOIs.Response`, as a new search.)
        package struct Response: Sendable, Equatable {
            /// The radius kept, in metres (25 km or 250 m).
            let radiusMeters: Double
            /// True when a wider step was asked for.
            let wider: Bool
        }

        /// What the status bar says for a while.
        package struct ViewModel: Sendable, Equatable {
            /// For example `25 km is the widest search`.
            let message: String
        }
    }

    /// Search one kind of place, or all kinds.
    package enum ChooseCategory {
        /// The choice.
        package struct Request: Sendable {
            /// A `CategoryChoice.id`: the category's id, or nil for all categories.
            let id: String?
        }
    }
}
