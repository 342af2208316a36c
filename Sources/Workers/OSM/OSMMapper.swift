import Domain
import FoundationEssentials

/// Maps OpenStreetMap elements and Nominatim results to domain entities.
enum OSMMapper {
    /// The places among an Overpass reply's elements, nearest to `center` first.
    ///
    /// An element is a place when it has a tag that says what it is (`amenity`, `shop`,
    /// `tourism`, `leisure`, `historic`); untagged geometry nodes, entrances and the like are
    /// not. A node's position is its `lat`/`lon`; a way's or relation's is its `center` or,
    /// when the reply carries its member nodes instead (`out body; >; out skel`), the mean of
    /// their positions.
    /// - Parameters:
    ///   - elements: the reply's elements.
    ///   - center: the point searched around, for distances; nil leaves them unknown.
    ///   - source: where the reply came from.
    /// - Returns: the places, sorted by `POI.isNearer`.
    static func places(_ elements: [OSMDTO.Element], center: Coordinate?, source: DataSource) -> [POI] {
        var nodePositions: [Int: Coordinate] = [:]
        for element in elements where element.type == "node" {
            if let lat = element.lat, let lon = element.lon, let c = Coordinate(validLatitude: lat, longitude: lon) {
                nodePositions[element.id] = c
            }
        }
        let places = elements.compactMap { element -> POI? in
            guard POICategoryTable.primaryOSMKeys.contains(where: { element.tags[$0] != nil }),
                let coordinate = position(of: element, nodes: nodePositions)
            else { return nil }
            return place(element, coordinate: coordinate, center: center, source: source)
        }
        return places.sorted(by: POI.isNearer)
    }

    private static func place(_ element: OSMDTO.Element, coordinate: Coordinate, center: Coordinate?, source: DataSource) -> POI {
        let tags = StringMap(values: element.tags)
        let name = tags.text("name")
        let street =
            POIText.joined([tags.text("addr:housenumber"), tags.text("addr:street")], separator: " ")
            ?? tags.text("addr:place")
        let locality = POIText.joined([tags.text("addr:postcode"), tags.text("addr:city", "addr:town", "addr:village")], separator: " ")
        return POI(
            id: "osm:\(element.type)/\(element.id)",
            name: name,
            categories: POICategoryTable.categories(forOSMTags: element.tags),
            rawCategories: POICategoryTable.primaryOSMKeys.compactMap { key in element.tags[key].map { "\(key)=\($0)" } },
            coordinate: coordinate,
            addressLines: POIText.addressLines([tags.text("addr:housename"), street, locality], name: name),
            distanceMeters: center.map { Geo.distanceMeters(from: $0, to: coordinate) },
            openingHours: tags.text("opening_hours"),
            phone: tags.text("phone", "contact:phone"),
            website: tags.text("website", "contact:website", "url"),
            source: source
        )
    }

    private static func position(of element: OSMDTO.Element, nodes: [Int: Coordinate]) -> Coordinate? {
        if let lat = element.lat, let lon = element.lon { return Coordinate(validLatitude: lat, longitude: lon) }
        if let lat = element.center?.lat, let lon = element.center?.lon { return Coordinate(validLatitude: lat, longitude: lon) }
        // A closed way repeats its first node at the end; count each node once.
        var seen = Set<Int>()
        let members = element.nodes.filter { seen.insert($0).inserted }.compactMap { nodes[$0] }
        guard !members.isEmpty else { return nil }
        let lat = members.map(\.latitude).reduce(0, +) / Double(members.count)
        let lon = members.map(\.longitude).reduce(0, +) / Double(members.count)
        return Coordinate(validLatitude: lat, longitude: lon)
    }

    /// A city from a Nominatim result, or nil without a position or a name.
    static func city(_ place: OSMDTO.NominatimPOI, source: DataSource) -> City? {
        guard let lat = place.lat, let lon = place.lon,
            let coordinate = Coordinate(validLatitude: lat, longitude: lon)
        else { return nil }
        let firstPart = place.displayName.flatMap { $0.split(separator: ",").first.map(String.init) }
        guard
            let name = place.address.text("city", "town", "village", "municipality", "hamlet")
                ?? POIText.trimmed(place.name) ?? POIText.trimmed(firstPart)
        else { return nil }
        let id: String
        if let type = place.osmType, let osmID = place.osmID {
            id = "osm:\(type)/\(osmID)"
        } else {
            id = "nominatim:\(place.placeID ?? "\(GeoFormat.degrees(lat)),\(GeoFormat.degrees(lon))")"
        }
        return City(
            id: id,
            name: name,
            countryName: place.address.text("country"),
            countryCode: place.address.text("country_code")?.uppercased(),
            adminArea: place.address.text("state", "province", "region", "county"),
            coordinate: coordinate,
            population: place.extratags.text("population").flatMap { Int($0) },
            timeZone: nil,
            source: source
        )
    }
}

extension OSMMapper {
    /// The drawable ways of Overpass elements: each way of a known `StreetClass` with its
    /// points from its inline `geometry` (`out geom`), else from its `nodes` ids looked up
    /// among the node elements (`out body; >; out skel`), with the node ids beside the points
    /// and the tags walking reads (`WalkableWay.keptTags`); a way with fewer than two points is
    /// left out.
    /// - Parameter elements: the reply's elements.
    /// - Returns: the ways, in the reply's order.
    static func ways(_ elements: [OSMDTO.Element]) -> [StreetWay] {
        var nodes: [Int: Coordinate] = [:]
        for element in elements where element.type == "node" {
            if let lat = element.lat, let lon = element.lon, let point = Coordinate(validLatitude: lat, longitude: lon) {
                nodes[element.id] = point
            }
        }
        var ways: [StreetWay] = []
        for element in elements where element.type == "way" {
            guard let kind = StreetClass.of(tags: element.tags) else { continue }
            var points: [Coordinate] = []
            var ids: [Int] = []
            if !element.geometry.isEmpty {
                // `out geom` writes the node ids beside the points, one each.
                let paired = element.nodes.count == element.geometry.count
                for (k, point) in element.geometry.enumerated() {
                    guard let lat = point.lat, let lon = point.lon, let c = Coordinate(validLatitude: lat, longitude: lon) else { continue }
                    points.append(c)
                    if paired { ids.append(element.nodes[k]) }
                }
            } else {
                for id in element.nodes {
                    guard let point = nodes[id] else { continue }
                    points.append(point)
                    ids.append(id)
                }
            }
            guard points.count >= 2 else { continue }
            let name = element.tags["name"].flatMap { $0.isEmpty ? nil : $0 }
            var kept: [String: String] = [:]
            for key in WalkableWay.keptTags { kept[key] = element.tags[key] }
            ways.append(StreetWay(kind: kind, name: name, points: points, nodeIDs: ids, tags: kept))
        }
        return ways
    }
}
