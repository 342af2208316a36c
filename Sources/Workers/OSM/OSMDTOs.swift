import FoundationEssentials

/// JSON shapes of the OpenStreetMap Overpass API (`[out:json]`,
/// https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL) and of Nominatim's
/// `/search?format=jsonv2` (https://nominatim.org/release-docs/latest/api/Search/), decoded
/// leniently.
enum OSMDTO {
    /// An Overpass reply: the elements, the data's timestamp and a `remark` when the server
    /// gave up (for example `"runtime error: Query timed out …"`).
    struct OverpassReply: Decodable {
        let elements: LossyArray<Element>
        let remark: String?
        let timestampOSMBase: String?
        enum CodingKeys: String, CodingKey { case elements, remark, osm3s }
        struct OSM3S: Decodable {
            let timestampOSMBase: String?
            enum CodingKeys: String, CodingKey { case timestampOSMBase = "timestamp_osm_base" }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                timestampOSMBase = c.lenientText(.timestampOSMBase)
            }
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            // A reply without an elements array is not an Overpass JSON reply.
            elements = try c.decode(LossyArray<Element>.self, forKey: .elements)
            remark = c.lenientText(.remark)
            timestampOSMBase = c.lenient(OSM3S.self, .osm3s)?.timestampOSMBase
        }
    }

    /// A node (with `lat`/`lon`), way or relation (with `center` after `out center`, with
    /// member `nodes` ids after `out body`, or with its points inline in `geometry` after
    /// `out geom`).
    struct Element: Decodable {
        let type: String
        let id: Int
        let lat: Double?
        let lon: Double?
        let center: LatLon?
        let nodes: [Int]
        let geometry: [LatLon]
        let tags: [String: String]
        enum CodingKeys: String, CodingKey { case type, id, lat, lon, center, nodes, geometry, tags }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let type = c.lenientText(.type), let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "element without type or id"))
            }
            self.type = type
            self.id = id
            lat = c.lenientDouble(.lat)
            lon = c.lenientDouble(.lon)
            center = c.lenient(LatLon.self, .center)
            nodes = c.lenient(LossyArray<Int>.self, .nodes)?.elements ?? []
            geometry = c.lenient(LossyArray<LatLon>.self, .geometry)?.elements ?? []
            tags = c.lenient(StringMap.self, .tags)?.values ?? [:]
        }
    }

    /// `{"lat": …, "lon": …}`.
    struct LatLon: Decodable {
        let lat: Double?
        let lon: Double?
        enum CodingKeys: String, CodingKey { case lat, lon }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            lat = c.lenientDouble(.lat)
            lon = c.lenientDouble(.lon)
        }
    }

    /// A Nominatim `/search?format=jsonv2` result; `lat` and `lon` come as strings.
    struct NominatimPOI: Decodable {
        let placeID: String?
        let osmType: String?
        let osmID: String?
        let lat: Double?
        let lon: Double?
        let name: String?
        let displayName: String?
        let category: String?
        let type: String?
        let address: StringMap
        let extratags: StringMap
        enum CodingKeys: String, CodingKey {
            case lat, lon, name, category, type, address, extratags
            case placeID = "place_id", osmType = "osm_type", osmID = "osm_id", displayName = "display_name"
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            placeID = c.lenientText(.placeID) ?? c.lenientInt(.placeID).map(String.init)
            osmType = c.lenientText(.osmType)
            osmID = c.lenientText(.osmID) ?? c.lenientInt(.osmID).map(String.init)
            lat = c.lenientDouble(.lat)
            lon = c.lenientDouble(.lon)
            name = c.lenientText(.name)
            displayName = c.lenientText(.displayName)
            category = c.lenientText(.category)
            type = c.lenientText(.type)
            address = c.lenient(StringMap.self, .address) ?? StringMap()
            extratags = c.lenient(StringMap.self, .extratags) ?? StringMap()
        }
    }
}
