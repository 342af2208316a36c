import FoundationEssentials

/// JSON shapes of the Geoapify APIs (https://apidocs.geoapify.com), decoded leniently: a field
/// of the wrong type reads as missing, and a feature is never rejected for a missing field.
enum GeoapifyDTO {
    /// A reply of `/v2/places` or `/v1/geocode/*`: a GeoJSON `FeatureCollection` (`features`)
    /// or, with `format=json`, an object with `results` (each result is what a feature's
    /// `properties` would be).
    struct Reply: Decodable {
        let features: LossyArray<Feature>?
        let results: LossyArray<Properties>?
        enum CodingKeys: String, CodingKey { case features, results }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            features = c.lenient(LossyArray<Feature>.self, .features)
            results = c.lenient(LossyArray<Properties>.self, .results)
            guard features != nil || results != nil else {
                throw DecodingError.keyNotFound(CodingKeys.features, .init(codingPath: c.codingPath, debugDescription: "neither features nor results"))
            }
        }

        /// Every record's properties, with its GeoJSON geometry when it came as a feature.
        var records: [(properties: Properties, geometry: Geometry?)] {
            if let features {
                return features.elements.map { ($0.properties ?? Properties.empty, $0.geometry) }
            }
            return (results?.elements ?? []).map { ($0, nil) }
        }

        /// How many records the reply held, including those that could not be decoded.
        var rawCount: Int {
            if let features { return features.elements.count + features.skipped }
            return (results?.elements.count ?? 0) + (results?.skipped ?? 0)
        }
    }

    /// A GeoJSON feature.
    struct Feature: Decodable {
        @JSONField.Value var properties: Properties?
        @JSONField.Value var geometry: Geometry?
    }

    /// A GeoJSON geometry; only a `Point`'s `[lon, lat]` is read.
    struct Geometry: Decodable {
        @JSONField.Text var type: String?
        @JSONField.List var coordinates: [Double]
    }

    /// A place's or a geocoding result's properties.
    struct Properties: Decodable {
        @JSONField.Text var name: String?
        @JSONField.Text var formatted: String?
        @JSONField.Text var addressLine1: String?
        @JSONField.Text var addressLine2: String?
        @JSONField.List var categories: [String]
        @JSONField.Number var lat: Double?
        @JSONField.Number var lon: Double?
        @JSONField.Number var distance: Double?
        @JSONField.TextOrNumber var placeID: String?
        @JSONField.Text var openingHours: String?
        @JSONField.Text var website: String?
        @JSONField.Value var contact: Contact?
        @JSONField.Value var datasource: Datasource?
        @JSONField.Text var city: String?
        @JSONField.Text var county: String?
        @JSONField.Text var state: String?
        @JSONField.Text var country: String?
        @JSONField.Text var countryCode: String?
        @JSONField.Text var resultType: String?
        @JSONField.Value var timezone: Timezone?

        enum CodingKeys: String, CodingKey {
            case name, formatted, categories, lat, lon, distance, website, contact, datasource
            case city, county, state, country, timezone
            case addressLine1 = "address_line1", addressLine2 = "address_line2"
            case placeID = "place_id", openingHours = "opening_hours"
            case countryCode = "country_code", resultType = "result_type"
        }

        static let empty = Properties()

        private init() {
            name = nil; formatted = nil; addressLine1 = nil; addressLine2 = nil; categories = []
            lat = nil; lon = nil; distance = nil; placeID = nil; openingHours = nil; website = nil
            contact = nil; datasource = nil; city = nil; county = nil; state = nil; country = nil
            countryCode = nil; resultType = nil; timezone = nil
        }
    }

    /// `contact` of a place.
    struct Contact: Decodable {
        @JSONField.Text var phone: String?
        @JSONField.Text var website: String?
    }

    /// `datasource`: where Geoapify got the record, with the source's raw tags.
    struct Datasource: Decodable {
        @JSONField.Text var sourcename: String?
        @JSONField.Text var attribution: String?
        @JSONField.Text var license: String?
        @JSONField.Map var raw: StringMap
    }

    /// `timezone` of a geocoding result; only the IANA name is read.
    struct Timezone: Decodable {
        @JSONField.Text var name: String?
    }
}
