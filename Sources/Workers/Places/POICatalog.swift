import CSnapshotData
import Domain
import FoundationEssentials

/// Every place of the embedded snapshot held in memory, with the areas they fall in.
public struct POICatalog: Sendable {
    /// Every place, in no particular order; each has at least one known category.
    public let places: [POI]
    /// The areas, in the order Istanbul, Lake District, Paris, Helsinki, Paris 10e.
    public let areas: [POIArea]
    /// The catalogue as a whole: OpenStreetMap data, dated by the newest recording.
    public let source: DataSource

    /// Makes a catalogue.
    /// - Parameters:
    ///   - areas: per area its id, name and places; the centre and radius are computed here.
    ///   - source: the catalogue's source.
    public init(areas: [(id: String, name: String, places: [POI])], source: DataSource) {
        var all: [POI] = []
        var made: [POIArea] = []
        for area in areas where !area.places.isEmpty {
            all += area.places
            let count = Double(area.places.count)
            let lat = area.places.map(\.coordinate.latitude).reduce(0, +) / count
            let lon = area.places.map(\.coordinate.longitude).reduce(0, +) / count
            guard let center = Coordinate(validLatitude: lat, longitude: lon) else { continue }
            let farthest = area.places.map { Geo.distanceMeters(from: center, to: $0.coordinate) }.max() ?? 0
            let kinds = Set(area.places.flatMap(\.categories))
            let sources = Set(area.places.map(\.source))
            made.append(
                POIArea(
                    id: area.id, name: area.name, center: center,
                    radiusMeters: (farthest / 100).rounded(.up) * 100,
                    categories: POICategory.allCases.filter(kinds.contains),
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
    public func places(near center: Coordinate, radiusMeters: Double, category: POICategory?) -> [POI] {
        places.compactMap { place -> POI? in
            if let category, !place.categories.contains(category) { return nil }
            let distance = Geo.distanceMeters(from: center, to: place.coordinate)
            return distance <= radiusMeters ? place.withDistance(distance) : nil
        }.sorted(by: POI.isNearer)
    }

    /// Loads the embedded snapshot: Overpass replies for restaurants and cafés in Istanbul and
    /// pubs and hostels in the Lake District, a Geoapify reply for cafés in central Paris, and
    /// the named places of central Helsinki and Paris 10e (from recorded extracts).
    /// Only places with a known `POICategory` are kept.
    /// - Returns: the catalogue.
    /// - Throws: `SourceError.badData` when the embedded data cannot be read (a build fault).
    public static func embedded() throws -> POICatalog {
        let files = EmbeddedPOIsFiles.all()
        func file(_ name: String) throws -> Data {
            guard let data = files[name] else {
                throw SourceError.badData(provider: .snapshot, reason: "embedded file \(name) missing")
            }
            return data
        }
        var newest: CalendarDate?
        func overpass(_ name: String) throws -> [POI] {
            let reply = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: try file(name), provider: .openStreetMap)
            let day = CalendarDate.dayOf(timestamp: reply.timestampOSMBase)
            if let day, newest.map({ day > $0 }) ?? true { newest = day }
            let source = DataSource.embeddedSnapshot(provider: .openStreetMap, capturedOn: day)
            return OSMMapper.places(reply.elements.elements, center: nil, source: source).filter { !$0.categories.isEmpty }
        }
        let istanbul = try overpass("overpass_istanbul_restaurants_cafes.json")
        let lakeDistrict = try overpass("overpass_lake_district_amenity_pub.json") + overpass("overpass_lake_district_tourism_hostel.json")
        let geoapify = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: try file("places_paris_cafes_proximity.json"), provider: ProviderName.geoapify)
        let parisSource = DataSource.embeddedSnapshot(provider: ProviderName.geoapify, capturedOn: nil)
        let paris = geoapify.records.compactMap { GeoapifyMapper.place($0.properties, geometry: $0.geometry, center: nil, source: parisSource) }
            .filter { !$0.categories.isEmpty }
        // Written by scripts/build-osm-areas.py from recorded extracts, with their streets.
        let helsinki = try overpass("osm_helsinki_centre_places.json")
        let paris10e = try overpass("osm_paris_10e_places.json")
        return POICatalog(
            areas: [
                (id: "istanbul", name: "Istanbul", places: istanbul),
                (id: "lake-district", name: "Lake District", places: lakeDistrict.uniqued()),
                (id: "paris", name: "Paris", places: paris.map { $0.withDistance(nil) }),
                (id: "helsinki-centre", name: "Helsinki", places: helsinki),
                (id: "paris-10e", name: "Paris 10e", places: paris10e)
            ],
            source: .embeddedSnapshot(provider: .openStreetMap, capturedOn: newest)
        )
    }
}

extension Array where Element == POI {
    /// The places with repeated ids dropped (a pub that is also tagged a hostel is recorded in
    /// both files).
    fileprivate func uniqued() -> [POI] {
        var seen = Set<String>()
        return filter { seen.insert($0.id).inserted }
    }
}
