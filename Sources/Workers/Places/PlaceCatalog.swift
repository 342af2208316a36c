import CSnapshotData
import Domain
import FoundationEssentials

/// A part of the world the embedded places snapshot covers, so that the places screen can open
/// somewhere with data even offline.
public struct PlaceArea: Sendable, Hashable, Identifiable {
    /// A stable identifier, for example `"istanbul"`.
    public let id: String
    /// The area's name as shown on screen, for example `"Lake District"`.
    public let name: String
    /// The mean position of the area's places (arithmetic mean of latitudes and of longitudes,
    /// which is close enough for an area a few tens of kilometres across).
    public let center: Coordinate
    /// The distance from `center` to the farthest place of the area, in metres, rounded up to
    /// the next 100 m: a radius that shows all of it.
    public let radiusMeters: Double
    /// The kinds of place recorded there, in `PlaceCategory.allCases` order.
    public let categories: [PlaceCategory]
    /// How many places the area has.
    public let placeCount: Int
    /// Where its data came from.
    public let source: DataSource
}

/// Every place of the embedded snapshot held in memory, with the areas they fall in.
public struct PlaceCatalog: Sendable {
    /// Every place, in no particular order; each has at least one known category.
    public let places: [POI]
    /// The areas, in the order Istanbul, Lake District, Paris.
    public let areas: [PlaceArea]
    /// The catalogue as a whole: OpenStreetMap data, dated by the newest recording.
    public let source: DataSource

    /// Makes a catalogue.
    /// - Parameters:
    ///   - areas: per area its id, name and places; the centre and radius are computed here.
    ///   - source: the catalogue's source.
    public init(areas: [(id: String, name: String, places: [POI])], source: DataSource) {
        var all: [POI] = []
        var made: [PlaceArea] = []
        for area in areas where !area.places.isEmpty {
            all += area.places
            let count = Double(area.places.count)
            let lat = area.places.map(\.coordinate.latitude).reduce(0, +) / count
            let lon = area.places.map(\.coordinate.longitude).reduce(0, +) / count
            guard let center = Coordinate(validLatitude: lat, longitude: lon) else { continue }
            let farthest = area.places.map { Geo.distanceMeters(from: center, to: $0.coordinate) }.max() ?? 0
            let kinds = Set(area.places.flatMap(\.categories))
            let sources = Set(area.places.map(\.source))
            made.append(PlaceArea(
                id: area.id, name: area.name, center: center,
                radiusMeters: (farthest / 100).rounded(.up) * 100,
                categories: PlaceCategory.allCases.filter(kinds.contains),
                placeCount: area.places.count,
                source: sources.count == 1 ? (sources.first ?? source) : source
            ))
        }
        self.places = all
        self.areas = made
        self.source = source
    }

    /// The places within a radius of a point, nearest first, each with its distance from it.
    /// - Parameters:
    ///   - center: the point.
    ///   - radiusMeters: the radius in metres.
    ///   - category: the kind of place, or nil for all.
    /// - Returns: the places, sorted by `POI.isNearer`.
    public func places(near center: Coordinate, radiusMeters: Double, category: PlaceCategory?) -> [POI] {
        places.compactMap { place -> POI? in
            if let category, !place.categories.contains(category) { return nil }
            let distance = Geo.distanceMeters(from: center, to: place.coordinate)
            return distance <= radiusMeters ? place.withDistance(distance) : nil
        }.sorted(by: POI.isNearer)
    }

    /// Loads the embedded snapshot: Overpass replies for restaurants and cafés in Istanbul and
    /// pubs and hostels in the Lake District, and a Geoapify reply for cafés in central Paris.
    /// Only places with a known `PlaceCategory` are kept.
    /// - Returns: the catalogue.
    /// - Throws: `SourceError.badData` when the embedded data cannot be read (a build fault).
    public static func embedded() throws -> PlaceCatalog {
        let files = EmbeddedPlacesFiles.all()
        func file(_ name: String) throws -> Data {
            guard let data = files[name] else {
                throw SourceError.badData(provider: "snapshot", reason: "embedded file \(name) missing")
            }
            return data
        }
        var newest: CalendarDate?
        func overpass(_ name: String) throws -> [POI] {
            let reply = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: try file(name), provider: "OpenStreetMap")
            let day = CalendarDate.dayOf(timestamp: reply.timestampOSMBase)
            if let day, newest.map({ day > $0 }) ?? true { newest = day }
            let source = DataSource.embeddedSnapshot(provider: "OpenStreetMap", capturedOn: day)
            return OSMMapper.places(reply.elements.elements, center: nil, source: source).filter { !$0.categories.isEmpty }
        }
        let istanbul = try overpass("overpass_istanbul_restaurants_cafes.json")
        let lakeDistrict = try overpass("overpass_lake_district_amenity_pub.json") + overpass("overpass_lake_district_tourism_hostel.json")
        let geoapify = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: try file("places_paris_cafes_proximity.json"), provider: "Geoapify")
        let parisSource = DataSource.embeddedSnapshot(provider: "Geoapify", capturedOn: nil)
        let paris = geoapify.records.compactMap { GeoapifyMapper.place($0.properties, geometry: $0.geometry, center: nil, source: parisSource) }
            .filter { !$0.categories.isEmpty }
        return PlaceCatalog(
            areas: [
                (id: "istanbul", name: "Istanbul", places: istanbul),
                (id: "lake-district", name: "Lake District", places: lakeDistrict.uniqued()),
                (id: "paris", name: "Paris", places: paris.map { $0.withDistance(nil) }),
            ],
            source: .embeddedSnapshot(provider: "OpenStreetMap", capturedOn: newest)
        )
    }
}

/// The embedded places files, by name.
enum EmbeddedPlacesFiles {
    static func all() -> [String: Data] {
        var files: [String: Data] = [:]
        for i in 0..<dc_places_file_count() {
            let file = dc_places_file_at(i)
            guard let name = file.name, let bytes = file.bytes else { continue }
            files[String(cString: name)] = Data(bytes: bytes, count: file.length)
        }
        return files
    }

    /// One file's bytes, without copying the others.
    static func named(_ wanted: String) -> Data? {
        for i in 0..<dc_places_file_count() {
            let file = dc_places_file_at(i)
            guard let name = file.name, let bytes = file.bytes, String(cString: name) == wanted else { continue }
            return Data(bytes: bytes, count: file.length)
        }
        return nil
    }
}

private extension Array where Element == POI {
    /// The places with repeated ids dropped (a pub that is also tagged a hostel is recorded in
    /// both files).
    func uniqued() -> [POI] {
        var seen = Set<String>()
        return filter { seen.insert($0.id).inserted }
    }
}

/// Serves places from the embedded `PlaceCatalog`, loaded on first use.
///
/// Pages are `pageSize` places, nearest first, cut by offset from all places within the radius.
public actor SnapshotPlacesWorker: PlacesWorking {
    /// Places per page.
    public let pageSize: Int
    private let loader: @Sendable () throws -> PlaceCatalog
    private var catalog: PlaceCatalog?

    /// Makes a worker over a catalogue loaded on first use.
    /// - Parameters:
    ///   - pageSize: places per page (at least 1; default 20).
    ///   - loader: loads the catalogue (default: the embedded snapshot); its error is thrown by
    ///     the first request.
    public init(pageSize: Int = 20, loader: @escaping @Sendable () throws -> PlaceCatalog = { try PlaceCatalog.embedded() }) {
        self.pageSize = max(1, pageSize)
        self.loader = loader
    }

    /// The catalogue, loading it on first use.
    /// - Throws: the loader's error.
    public func loadedCatalog() throws -> PlaceCatalog {
        if let catalog { return catalog }
        let loaded = try loader()
        catalog = loaded
        return loaded
    }

    /// The areas the snapshot covers (Istanbul, Lake District, Paris); the places screen opens
    /// on the first one's centre when no location is given.
    /// - Throws: the loader's error.
    public func areas() throws -> [PlaceArea] {
        try loadedCatalog().areas
    }

    /// One page of the recorded places within the radius, nearest first; see
    /// `PlacesWorking.nearbyPlaces(near:radiusMeters:category:page:)`. The page's source is
    /// the places' own when they share one, else the catalogue's.
    public func nearbyPlaces(near center: Coordinate, radiusMeters: Double, category: PlaceCategory?, page: Int) async throws -> PagedResult<POI> {
        let catalog = try loadedCatalog()
        let all = catalog.places(near: center, radiusMeters: radiusMeters, category: category)
        let start = min(max(0, page) * pageSize, all.count)
        let end = min(start + pageSize, all.count)
        let items = Array(all[start..<end])
        let sources = Set(items.map(\.source))
        let source = sources.count == 1 ? (sources.first ?? catalog.source) : catalog.source
        return PagedResult(items: items, page: page, hasMore: end < all.count, source: source)
    }
}
