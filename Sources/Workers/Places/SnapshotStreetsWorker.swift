import Domain
import FoundationEssentials

/// Streets from the embedded offline areas (`osm_streets_compact.tsv`, written by
/// `scripts/build-osm-areas.py` from recorded OpenStreetMap extracts of central Helsinki and
/// Paris 10e), read on first use.
///
/// The file's form: a line `#area<TAB>id<TAB>name<TAB>YYYY-MM-DD` starts an area; each other
/// line is a way, `key=value<TAB>name<TAB>points`, where `key=value` is the tag that decides
/// its `StreetClass` and the points are millionths of a degree, `lat,lon` first and then the
/// difference from the point before, `;`-separated. A highway's line may go on with two more
/// fields: its points' node ids (the first whole, each next the difference from the one before,
/// `;`-separated, one a point; the walking graph's junctions) and the other tags walking reads
/// (`foot=…;access=…`, or empty). A line that does not read is skipped; ids that do not read
/// are left out.
public actor SnapshotStreetsWorker: StreetsWorking {
    /// One recorded area: its date and ways.
    struct Area {
        let id: String
        let name: String
        let capturedOn: CalendarDate?
        var ways: [StreetWay]
        var south = 90.0, north = -90.0, west = 180.0, east = -180.0
    }

    private let loader: @Sendable () -> Data?
    private var areas: [Area]?

    /// Makes a worker over the embedded file.
    public init() {
        self.loader = { EmbeddedPOIsFiles.named("osm_streets_compact.tsv") }
    }

    /// Makes a worker over other bytes (tests).
    /// - Parameter loader: the file's bytes; nil reads as no areas.
    public init(loader: @escaping @Sendable () -> Data?) {
        self.loader = loader
    }

    /// The ways of the recorded areas near a point: every way of an area whose box comes
    /// within the radius; an empty map where no area does. See `StreetsWorking`.
    public func streets(near center: Coordinate, radiusMeters: Double) async throws -> StreetMap {
        let all = loadedAreas()
        let radius = min(radiusMeters, StreetMap.maximumRadiusMeters)
        var ways: [StreetWay] = []
        var day: CalendarDate?
        for area in all where Self.box(area, isWithin: radius, of: center) {
            ways += area.ways
            if let captured = area.capturedOn, day.map({ captured > $0 }) ?? true { day = captured }
        }
        // Every way of a reached area is kept: it covers any pan inside the radius.
        return StreetMap(center: center, radiusMeters: radius, ways: ways, source: .embeddedSnapshot(provider: .openStreetMap, capturedOn: day))
    }

    private func loadedAreas() -> [Area] {
        if let areas { return areas }
        let read = loader().map(Self.parse) ?? []
        areas = read
        return read
    }

    private static func box(_ area: Area, isWithin radius: Double, of point: Coordinate) -> Bool {
        guard area.south <= area.north else { return false }
        let lat = min(area.north, max(area.south, point.latitude)), lon = min(area.east, max(area.west, point.longitude))
        guard let nearest = Coordinate(validLatitude: lat, longitude: lon) else { return false }
        return Geo.distanceMeters(from: point, to: nearest) <= radius
    }

    /// Reads the file (see the type's description).
    static func parse(_ data: Data) -> [Area] {
        var areas: [Area] = []
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first == "#area" {
                guard fields.count >= 4 else { continue }
                areas.append(Area(id: String(fields[1]), name: String(fields[2]), capturedOn: CalendarDate(iso: String(fields[3])), ways: []))
                continue
            }
            guard fields.count >= 3, !areas.isEmpty else { continue }
            let tag = fields[0].split(separator: "=", maxSplits: 1)
            guard tag.count == 2, let kind = StreetClass.of(tags: [String(tag[0]): String(tag[1])]) else { continue }
            var points: [Coordinate] = []
            var lat = 0, lon = 0
            for pair in fields[2].split(separator: ";") {
                let parts = pair.split(separator: ",")
                guard parts.count == 2, let dLat = Int(parts[0]), let dLon = Int(parts[1]) else { points = []; break }
                (lat, lon) = points.isEmpty ? (dLat, dLon) : (lat + dLat, lon + dLon)
                guard let point = Coordinate(validLatitude: Double(lat) / 1_000_000, longitude: Double(lon) / 1_000_000) else { points = []; break }
                points.append(point)
            }
            guard points.count >= 2 else { continue }
            let index = areas.count - 1
            for p in points {
                areas[index].south = min(areas[index].south, p.latitude)
                areas[index].north = max(areas[index].north, p.latitude)
                areas[index].west = min(areas[index].west, p.longitude)
                areas[index].east = max(areas[index].east, p.longitude)
            }
            let name = fields[1].isEmpty ? nil : String(fields[1])
            var tags = [String(tag[0]): String(tag[1])]
            if fields.count >= 5 {
                for pair in fields[4].split(separator: ";") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    if kv.count == 2, WalkableWay.keptTags.contains(String(kv[0])) { tags[String(kv[0])] = String(kv[1]) }
                }
            }
            let ids = fields.count >= 4 ? nodeIDs(fields[3]) : []
            areas[index].ways.append(StreetWay(kind: kind, name: name, points: points, nodeIDs: ids, tags: tags))
        }
        return areas
    }

    /// Reads delta-coded node ids (see the type's description); empty when one does not read.
    private static func nodeIDs(_ field: Substring) -> [Int] {
        var ids: [Int] = []
        var id = 0
        for part in field.split(separator: ";") {
            guard let delta = Int(part) else { return [] }
            id = ids.isEmpty ? delta : id &+ delta
            ids.append(id)
        }
        return ids
    }
}
