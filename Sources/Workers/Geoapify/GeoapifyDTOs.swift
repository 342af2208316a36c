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
        let properties: Properties?
        let geometry: Geometry?
        enum CodingKeys: String, CodingKey { case properties, geometry }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            properties = c.lenient(Properties.self, .properties)
            geometry = c.lenient(Geometry.self, .geometry)
        }
    }

    /// A GeoJSON geometry; only a `Point`'s `[lon, lat]` is read.
    struct Geometry: Decodable {
        let type: String?
        let coordinates: [Double]
        enum CodingKeys: String, CodingKey { case type, coordinates }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = c.lenientText(.type)
            coordinates = c.lenient(LossyArray<Double>.self, .coordinates)?.elements ?? []
        }
    }

    /// A place's or a geocoding result's properties.
    struct Properties: Decodable {
        let name: String?
        let formatted: String?
        let addressLine1: String?
        let addressLine2: String?
        let categories: [String]
        let lat: Double?
        let lon: Double?
        let distance: Double?
        let placeID: String?
        let openingHours: String?
        let website: String?
        let contact: Contact?
        let datasource: Datasource?
        let city: String?
        let county: String?
        let state: String?
        let country: String?
        let countryCode: String?
        let resultType: String?
        let timezone: Timezone?

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

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.lenientText(.name)
            formatted = c.lenientText(.formatted)
            addressLine1 = c.lenientText(.addressLine1)
            addressLine2 = c.lenientText(.addressLine2)
            categories = c.lenientStrings(.categories)
            lat = c.lenientDouble(.lat)
            lon = c.lenientDouble(.lon)
            distance = c.lenientDouble(.distance)
            placeID = c.lenientText(.placeID) ?? c.lenientInt(.placeID).map(String.init)
            openingHours = c.lenientText(.openingHours)
            website = c.lenientText(.website)
            contact = c.lenient(Contact.self, .contact)
            datasource = c.lenient(Datasource.self, .datasource)
            city = c.lenientText(.city)
            county = c.lenientText(.county)
            state = c.lenientText(.state)
            country = c.lenientText(.country)
            countryCode = c.lenientText(.countryCode)
            resultType = c.lenientText(.resultType)
            timezone = c.lenient(Timezone.self, .timezone)
        }
    }

    /// `contact` of a place.
    struct Contact: Decodable {
        let phone: String?
        let website: String?
        enum CodingKeys: String, CodingKey { case phone, website }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            phone = c.lenientText(.phone)
            website = c.lenientText(.website)
        }
    }

    /// `datasource`: where Geoapify got the record, with the source's raw tags.
    struct Datasource: Decodable {
        let sourcename: String?
        let attribution: String?
        let license: String?
        let raw: StringMap
        enum CodingKeys: String, CodingKey { case sourcename, attribution, license, raw }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sourcename = c.lenientText(.sourcename)
            attribution = c.lenientText(.attribution)
            license = c.lenientText(.license)
            raw = c.lenient(StringMap.self, .raw) ?? StringMap()
        }
    }

    /// `timezone` of a geocoding result; only the IANA name is read.
    struct Timezone: Decodable {
        let name: String?
        enum CodingKeys: String, CodingKey { case name }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.lenientText(.name)
        }
    }
}
