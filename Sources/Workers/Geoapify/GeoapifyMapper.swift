import Domain
import FoundationEssentials

/// Maps Geoapify DTOs to domain entities: blanks to nil, the name never repeated as an address
/// line, a missing distance computed from the search centre.
enum GeoapifyMapper {
    /// A place, or nil when it has no usable position. A missing or blank name is kept as nil.
    /// - Parameters:
    ///   - properties: the feature's properties.
    ///   - geometry: the feature's geometry, used when `lat`/`lon` are missing.
    ///   - center: the point searched around, for a distance the reply leaves out.
    ///   - source: where the record came from.
    static func place(_ properties: GeoapifyDTO.Properties, geometry: GeoapifyDTO.Geometry?, center: Coordinate?, source: DataSource) -> POI? {
        guard let coordinate = coordinate(properties, geometry: geometry) else { return nil }
        let raw = properties.datasource?.raw ?? StringMap()
        let name = POIText.trimmed(properties.name)
        let distance =
            properties.distance.flatMap { $0 >= 0 ? $0 : nil }
            ?? center.map { Geo.distanceMeters(from: $0, to: coordinate) }
        let fromKeys = POICategoryTable.categories(forGeoapify: properties.categories)
        let fromTags = POICategoryTable.categories(forOSMTags: raw.values).filter { !fromKeys.contains($0) }
        var lines = POIText.addressLines([properties.addressLine1, properties.addressLine2], name: name)
        if lines.isEmpty, let formatted = POIText.trimmed(properties.formatted) {
            lines = POIText.addressLines([formatted], name: name)
        }
        return POI(
            id: properties.placeID ?? fallbackID(raw: raw, coordinate: coordinate),
            name: name,
            categories: fromKeys + fromTags,
            rawCategories: properties.categories,
            coordinate: coordinate,
            addressLines: lines,
            distanceMeters: distance,
            openingHours: POIText.trimmed(properties.openingHours) ?? raw.text("opening_hours"),
            phone: POIText.trimmed(properties.contact?.phone) ?? raw.text("phone", "contact:phone"),
            website: POIText.trimmed(properties.website) ?? POIText.trimmed(properties.contact?.website) ?? raw.text("website", "contact:website", "url"),
            source: source
        )
    }

    /// A city (or any populated place) from a geocoding result, or nil without a position or a
    /// label.
    static func city(_ properties: GeoapifyDTO.Properties, geometry: GeoapifyDTO.Geometry?, source: DataSource) -> City? {
        guard let coordinate = coordinate(properties, geometry: geometry),
            let name = POIText.trimmed(properties.name) ?? POIText.trimmed(properties.addressLine1)
                ?? POIText.trimmed(properties.city) ?? POIText.trimmed(properties.formatted)
        else { return nil }
        return City(
            id: properties.placeID ?? "geoapify:\(GeoFormat.degrees(coordinate.latitude)),\(GeoFormat.degrees(coordinate.longitude))",
            name: name,
            countryName: properties.country,
            countryCode: properties.countryCode?.uppercased(),
            adminArea: properties.state ?? properties.county,
            coordinate: coordinate,
            population: nil,
            timeZone: properties.timezone?.name,
            source: source
        )
    }

    private static func coordinate(_ properties: GeoapifyDTO.Properties, geometry: GeoapifyDTO.Geometry?) -> Coordinate? {
        if let lat = properties.lat, let lon = properties.lon, let c = Coordinate(validLatitude: lat, longitude: lon) {
            return c
        }
        if let g = geometry, g.type == nil || g.type == "Point", g.coordinates.count >= 2 {
            return Coordinate(validLatitude: g.coordinates[1], longitude: g.coordinates[0])
        }
        return nil
    }

    private static func fallbackID(raw: StringMap, coordinate: Coordinate) -> String {
        if let type = raw.text("osm_type"), let id = raw.text("osm_id") {
            let kind = ["n": "node", "w": "way", "r": "relation"][type] ?? type
            return "osm:\(kind)/\(id)"
        }
        return "geoapify:\(GeoFormat.degrees(coordinate.latitude)),\(GeoFormat.degrees(coordinate.longitude))"
    }
}
