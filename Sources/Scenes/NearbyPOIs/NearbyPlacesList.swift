import Domain

/// The places loaded around the centre, nearest first (each once, with its distance and
/// bearing), and those whose names match the filter: a query that only grows narrows the
/// previous matches instead of scanning every place again; unnamed places match only the
/// empty query.
package struct NearbyPlacesList {
    package typealias NearbyPOI = NearbyPOIs.LoadPOIs.Response.NearbyPOI

    /// The places, nearest first.
    private(set) var places: [NearbyPOI] = []
    /// The filter as typed; empty for none.
    private(set) var query = ""
    /// The places' names, in the order of `places`.
    private var names = NameFilter()
    private var foldedQuery: [UInt8] = []
    /// Indices into `places` of the places matching the filter.
    private var matches: [Int] = []

    /// The places matching the filter, nearest first.
    var matching: [NearbyPOI] { matches.map { places[$0] } }

    /// Filters the places by name (case- and diacritic-insensitive).
    mutating func filter(by query: String) {
        let folded = NameFilter.fold(query)
        let narrowing = !foldedQuery.isEmpty && folded.starts(with: foldedQuery)
        self.query = query
        foldedQuery = folded
        recomputeMatches(narrowing: narrowing)
    }

    /// Forgets the filter (a new centre); the matches follow with the next places.
    mutating func clearQuery() {
        query = ""
        foldedQuery = []
    }

    /// Drops every place (a new search that does not keep them on screen).
    mutating func removeAll() {
        places = []
        names = NameFilter()
        recomputeMatches()
    }

    /// Adds a page of places, or replaces them all with it, keeping each place once, nearest first.
    /// - Parameters:
    ///   - items: the page's places.
    ///   - center: the point searched around, for the distances and bearings.
    ///   - replacing: true for page 0 of a search, which replaces what was loaded.
    mutating func merge(_ items: [POI], from center: Coordinate, replacing: Bool) {
        var merged = replacing ? [] : places
        var known = Set(merged.map(\.poi.id))
        for poi in items where known.insert(poi.id).inserted {
            merged.append(Self.place(poi, from: center))
        }
        merged.sort { POI.isNearer($0.poi, $1.poi) }
        places = merged
        names = NameFilter(names: merged.lazy.map { $0.poi.name ?? "" })
        recomputeMatches()
    }

    /// A place with its distance (the source's, else the great-circle distance from the
    /// centre) and its bearing from the centre.
    package static func place(_ poi: POI, from center: Coordinate) -> NearbyPOI {
        let distance =
            poi.distanceMeters.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            ?? Geo.distanceMeters(from: center, to: poi.coordinate)
        return NearbyPOI(
            poi: poi.withDistance(distance), distanceMeters: distance,
            bearingDegrees: Geo.initialBearingDegrees(from: center, to: poi.coordinate))
    }

    private mutating func recomputeMatches(narrowing: Bool = false) {
        if foldedQuery.isEmpty {
            matches = Array(places.indices)
        } else if narrowing {
            matches = names.containing(foldedQuery, among: matches)
        } else {
            matches = names.containing(foldedQuery)
        }
    }
}
