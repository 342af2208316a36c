import Domain

/// The NearbyPOIs list (`LoadPOIs`): the Request, the list's state after any change, and what
/// the list and the mini-map draw.
extension NearbyPOIs.LoadPOIs {
    /// Ask for the places.
    package struct Request: Sendable {
        /// True to drop what is loaded and ask the source again from page 0 (`r`), trying a
        /// live source again if the app had fallen back to another.
        var reload = false
    }

    /// The list's state after any change: the search, the loaded places, paging and errors.
    package struct Response: Sendable {
        /// A loaded place with its distance and bearing from the centre.
        package struct NearbyPOI: Sendable, Equatable {
            /// The place; its `distanceMeters` is always set (computed when the source left it out).
            package let poi: POI
            /// The great-circle distance from the centre, in metres.
            package let distanceMeters: Double
            /// The initial bearing from the centre, in degrees clockwise from north.
            let bearingDegrees: Double
            /// The opening hours read at the moment of the response; nil when the place
            /// gives none (set by the Interactor, which knows the clock).
            var hours: Hours? = nil
            /// The walk there by the streets from the centre, when the streets are loaded and
            /// reach it; nil otherwise (the list then estimates from the straight line).
            var walk: WalkingRoute? = nil
            /// Open (true) or closed (false) at now plus the walk by the streets; nil without a
            /// walk or without hours that say.
            var openOnArrival: Bool? = nil
        }
        /// A place's opening hours, read in its own time zone at one moment.
        struct Hours: Sendable, Equatable {
            /// The hours; nil when the value does not parse (it is shown as written).
            let parsed: OpeningHours?
            /// Open or closed at `now`; nil when the value does not parse.
            let status: OpenStatus?
            /// The moment read, in the place's local week.
            let now: WeekTime
            /// The IANA zone the hours were read in, for example `Europe/Paris`.
            let timeZone: String
            /// True when the place's own zone is unknown and the viewer's was used.
            let isViewersZone: Bool
        }
        /// The places that match the filter, nearest first.
        let places: [NearbyPOI]
        /// How many places are loaded in all.
        let totalCount: Int
        /// The filter query; empty for none.
        let query: String
        /// The point searched around.
        let center: Coordinate
        /// The city searched around, if the centre is a city's.
        let city: City?
        /// The snapshot area used because no location was given; nil otherwise.
        let defaultAreaName: String?
        /// The areas the embedded snapshot covers.
        let snapshotAreaNames: [String]
        /// The search radius, in metres.
        let radiusMeters: Double
        /// The kind of place, or nil for all.
        let category: POICategory?
        /// Where the places came from; nil before the first page.
        let source: DataSource?
        /// Why each live source was given up, a rejected key first, when another source
        /// answered instead; empty otherwise.
        let fallbackReasons: [SourceError]
        /// True while the first page (or a new search) is loading.
        let isLoading: Bool
        /// True while a further page is loading.
        let isLoadingMore: Bool
        /// True when a further page may exist.
        let hasMore: Bool
        /// The last failure, if the last request failed.
        let error: SourceError?
        /// Whole seconds until a rate-limited request is sent again by itself; nil when
        /// none is waiting.
        var retryInSeconds: Int? = nil
        /// True when only places open now are listed (`o`).
        var openNowOnly = false
        /// How many of the places matching the name filter the "open now" filter hides.
        var hiddenByOpenNow = 0
        /// True when `openNowOnly` means open at now plus each place's walk (`O`).
        var openOnArrival = false
        /// The areas the embedded snapshot covers, with the kinds of place each holds: an
        /// empty answer from the snapshot says whether the area lacks the category.
        package var snapshotAreas: [POIArea] = []

        /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
        package init(
            places: [NearbyPOI], totalCount: Int, query: String, center: Coordinate, city: City?, defaultAreaName: String?, snapshotAreaNames: [String], radiusMeters: Double, category: POICategory?,
            source: DataSource?, fallbackReasons: [SourceError], isLoading: Bool, isLoadingMore: Bool, hasMore: Bool, error: SourceError?, retryInSeconds: Int? = nil, openNowOnly: Bool = false,
            hiddenByOpenNow: Int = 0, snapshotAreas: [POIArea] = [], openOnArrival: Bool = false
        ) {
            self.openOnArrival = openOnArrival
            self.places = places
            self.totalCount = totalCount
            self.query = query
            self.center = center
            self.city = city
            self.defaultAreaName = defaultAreaName
            self.snapshotAreaNames = snapshotAreaNames
            self.radiusMeters = radiusMeters
            self.category = category
            self.source = source
            self.fallbackReasons = fallbackReasons
            self.isLoading = isLoading
            self.isLoadingMore = isLoadingMore
            self.hasMore = hasMore
            self.error = error
            self.retryInSeconds = retryInSeconds
            self.openNowOnly = openNowOnly
            self.hiddenByOpenNow = hiddenByOpenNow
            self.snapshotAreas = snapshotAreas
        }
    }

    /// What the list and the mini-map draw.
    package struct ViewModel: Sendable, Equatable {
        /// One row of the list, display-ready.
        package struct Row: Sendable, Equatable {
            /// The place's id, to keep the selection on the same place when rows change.
            package let id: String
            /// The name, or for an unnamed place its category and street, for example
            /// `Café, Divan Yolu Caddesi`; never blank.
            package let name: String
            /// True when `name` stands in for a missing name (drawn dim).
            let nameIsPlaceholder: Bool
            /// The category, for example `Café`, or `—`.
            package let category: String
            /// The distance, for example `95 m`, `1.2 km` or `0.7 mi`.
            package let distance: String
            /// The walk there: by the streets where they reach (`7 min`), else estimated from
            /// the straight line and marked so (`WalkingEstimate`: `~12 min`, `~1.5 h`).
            var walk: String = ""
            /// The walk's minutes, to sort by.
            var walkMinutes: Double = 0
            /// The walk by the streets as the map draws it, nil without one.
            var route: RouteLine? = nil
            /// The walk by the streets in words, in parts: `540 m by the streets`, `~7 min`;
            /// empty without one.
            var routeFacts: [String] = []
            /// The walk by the streets in one line: `540 m by the streets · ~7 min`; nil without one.
            var routeSummary: String? { routeFacts.isEmpty ? nil : routeFacts.joined(separator: " · ") }
            /// `Open when you arrive` or `Closed when you arrive`; nil when not known.
            var arrival: String? = nil
            /// The bearing as an arrow, for example `↗`.
            let arrow: String
            /// The bearing as compass letters, for example `NE` (for ASCII terminals).
            package let compass: String
            /// Open or closed now, short: `Open`, `Closed`, `24/7`, `?` (hours that do not
            /// parse, or unclear now) or `—` (no hours given).
            var openShort: String = ShowFormatting.missing
            /// Open or closed now in 14 cells at most, the verb saying which: `Closes 18:00`
            /// (open), `Opens Mo 08:00` (closed), `Open 24/7`, `Open`, `Closed`, `?` or `—`.
            var openMedium: String = ShowFormatting.missing
            /// Open or closed now, long: `Open · closes 18:00`, `Closed · opens Mo 08:00`,
            /// `Open 24/7`, `Hours as written` or `—`.
            var openLong: String = ShowFormatting.missing
            /// True when open now, false when closed now, nil when not known.
            var isOpen: Bool? = nil
        }
        /// A walk drawn on the mini-map: its points in metres east and north of the search centre.
        struct RouteLine: Sendable, Equatable {
            /// Metres east of the centre, one a point.
            let east: [Float]
            /// Metres north of the centre, one a point.
            let north: [Float]
        }
        /// A place on the mini-map: its offset from the centre as a fraction of the radius,
        /// by an equirectangular projection (see `PlaceDistances.mapOffset`).
        struct MapPoint: Sendable, Equatable {
            /// The place's id (the map highlights the selected row's point).
            let id: String
            /// East of the centre, in radii (1 = on the circle due east).
            let east: Double
            /// North of the centre, in radii.
            let north: Double
        }
        /// A round distance for the map's scale bar.
        struct ScaleChoice: Sendable, Equatable {
            /// The distance in metres.
            let meters: Double
            /// The distance as written, for example `500 m`.
            let label: String
        }
        /// One choice of the category picker.
        struct CategoryChoice: Sendable, Equatable {
            /// The category's id, nil for all categories.
            let id: String?
            /// The label, for example `All categories` or `Café`.
            let label: String
        }
        /// The rows.
        package let rows: [Row]
        /// The rows' places on the mini-map, in the same order.
        let mapPoints: [MapPoint]
        /// The scene's title for the header, for example `Places near Istanbul`.
        let title: String
        /// The line above the list: where, how far, which kind, how many.
        package let summary: String
        /// The source, for example `offline snapshot 2025-12-04` or `Overpass live`.
        package let sourceLabel: String
        /// The source without its date, for narrow status bars, for example `offline snapshot`.
        let sourceShortLabel: String
        /// The credit the data's licence asks for, for example `© OpenStreetMap contributors`.
        package let attribution: String
        /// The credit in ASCII, for terminals without Unicode: `(c) OpenStreetMap contributors`.
        let attributionASCII: String
        /// The credit shortened for narrow status bars: `© OSM`, `Powered by Geoapify · © OSM`.
        let attributionShort: String
        /// The short credit in ASCII: `(c) OSM`.
        let attributionShortASCII: String
        /// The centre, for example `41.0172,28.9699`.
        let centerLabel: String
        /// The radius, for example `2 km` or `1.2 mi`.
        let radiusLabel: String
        /// The category picker's choices: all categories, then each category.
        let categoryChoices: [CategoryChoice]
        /// The index of the current category in `categoryChoices`.
        let currentCategoryIndex: Int
        /// The count, for example `48 places`, `20+ places` while more pages may come, or
        /// `3 of 48 places` when filtered.
        let countLabel: String
        /// The filter query as typed; empty for none.
        let query: String
        /// A message for the list area when there are no rows (loading, empty, failed).
        package let emptyMessage: String?
        /// What `emptyMessage` means: `.error` when it reports the failure, else `.info`.
        var emptyMessageStyle: MessageStyle = .info
        /// A one-line message for the status bar (a failure, a fallback), else nil.
        let statusMessage: String?
        /// Whether `statusMessage` reports an error.
        let statusIsError: Bool
        /// True to draw a "loading more" row under the last row.
        let isLoadingMore: Bool
        /// True when reaching the end should ask for the next page.
        let canLoadMore: Bool
        /// The search radius in metres: the map's ring, and its scale's unit.
        var radiusMeters: Double = NearbyPOIs.defaultRadiusMeters
        /// Round distances the map's scale bar may show, shortest first, with their labels
        /// in the units shown (`100 m`, `2 km`, `0.5 mi`).
        var scaleChoices: [ScaleChoice] = []
        /// True when only places open now are listed (`o`).
        var openNowOnly = false
        /// True when the filter is "open when I get there" (`O`).
        var openOnArrival = false
        /// The point searched around (the map's streets are placed from it); nil before
        /// the first search.
        var center: Coordinate? = nil
        /// Which clock the Open/Closed column reads, for example `hours in Europe/Paris time`
        /// or `hours in your time zone (UTC)`; nil when no place gives hours.
        var hoursClock: String? = nil
        /// The credit line under the help overlay: whom the places and the cities come from.
        var credit: String = ""
        /// True while there are no rows because the places are still loading: keys that
        /// act on rows wait for them (`TypedAheadKeys`).
        var awaitsRows = false
        /// What `m` says on a terminal wide enough for the map beside the list, for example
        /// `The map is always beside the list at 100 columns or more`.
        var mapBesideListMessage: String = ""
    }
}

extension NearbyPOIs.LoadPOIs.Response {
    /// The list's loading as both lists say it (a failed page of places keeps no copy).
    package var loadStatus: ListLoadStatus {
        ListLoadStatus(isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error, retryInSeconds: retryInSeconds)
    }
}
