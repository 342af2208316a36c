import FoundationEssentials

/// JSON shapes of the OpenStreetMap Overpass API (`[out:json]`,
/// https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL) and of Nominatim's
/// `/search?format=jsonv2` (https://nominatim.org/release-docs/latest/api/Search/), decoded
/// leniently.
enum OSMDTO {
    /// An Overpass reply: the elements, the data's timestamp and a `remark` when the server
    /// gave up (for example `"runtime error: Query timed out …"`).
    struct OverpassReply: Decodable {
        /// The elements (a reply without an elements array is not an Overpass JSON reply).
        let elements: LossyArray<Element>
        @JSONField.Text var remark: String?
        @JSONField.Value private var osm3s: OSM3S?
        enum CodingKeys: String, CodingKey { case elements, remark, osm3s }
        struct OSM3S: Decodable {
            @JSONField.Text var timestampOSMBase: String?
            enum CodingKeys: String, CodingKey { case timestampOSMBase = "timestamp_osm_base" }
        }
        /// When the data was last updated from OpenStreetMap (`osm3s.timestamp_osm_base`).
        var timestampOSMBase: String? { osm3s?.timestampOSMBase }
    }

    /// A node (with `lat`/`lon`), way or relation (with `center` after `out center`, with
    /// member `nodes` ids after `out body`, or with its points inline in `geometry` after
    /// `out geom`); an element without a type or an id is refused.
    struct Element: Decodable {
        @JSONField.RequiredText var type: String
        @JSONField.ID var id: Int
        @JSONField.Number var lat: Double?
        @JSONField.Number var lon: Double?
        @JSONField.Value var center: LatLon?
        @JSONField.List var nodes: [Int]
        @JSONField.List var geometry: [LatLon]
        @JSONField.Map private var tagMap: StringMap
        enum CodingKeys: String, CodingKey { case type, id, lat, lon, center, nodes, geometry, tagMap = "tags" }
        /// The element's tags.
        var tags: [String: String] { tagMap.values }
    }

    /// `{"lat": …, "lon": …}`.
    struct LatLon: Decodable {
        @JSONField.Number var lat: Double?
        @JSONField.Number var lon: Double?
    }

    /// A Nominatim `/search?format=jsonv2` result; `lat` and `lon` come as strings.
    struct NominatimPOI: Decodable {
        @JSONField.TextOrNumber var placeID: String?
        @JSONField.Text var osmType: String?
        @JSONField.TextOrNumber var osmID: String?
        @JSONField.Number var lat: Double?
        @JSONField.Number var lon: Double?
        @JSONField.Text var name: String?
        @JSONField.Text var displayName: String?
        @JSONField.Text var category: String?
        @JSONField.Text var type: String?
        @JSONField.Map var address: StringMap
        @JSONField.Map var extratags: StringMap
        enum CodingKeys: String, CodingKey {
            case lat, lon, name, category, type, address, extratags
            case placeID = "place_id", osmType = "osm_type", osmID = "osm_id", displayName = "display_name"
        }
    }
}
