/// A point of interest: a café, a pub, a hostel…, as a places list and its details page show it.
///
/// Only `id` and `coordinate` are required. Sources often leave out the name (an unnamed café
/// is still a café); a missing field is nil or empty, never made up, and the screen chooses
/// what to show instead (for example category and street).
public struct POI: Sendable, Hashable, Identifiable {
    /// The source's id, unique within it: Geoapify's `place_id`, or `"osm:node/262402714"`.
    public let id: String
    /// The name as the source gives it, trimmed; nil when missing or blank. May carry any
    /// Unicode, including control characters: the terminal layer sanitises it.
    public let name: String?
    /// The known kinds of place it is, most specific source category first; may be empty.
    public let categories: [POICategory]
    /// The source's own category labels, for example `["catering", "catering.cafe"]` or
    /// `["amenity=pub", "tourism=guest_house"]`; may be empty.
    public let rawCategories: [String]
    /// Where it is.
    public let coordinate: Coordinate
    /// The postal address, one line each (for example `["50 Rue de Rivoli", "75004 Paris, France"]`);
    /// empty when unknown. Never repeats the name.
    public let addressLines: [String]
    /// The distance from the point searched around, in metres; nil when unknown.
    public let distanceMeters: Double?
    /// The opening hours in OpenStreetMap's `opening_hours` syntax, for example
    /// `"Mo-Fr 07:00-23:00; Sa 09:00-23:00"`.
    public let openingHours: String?
    /// A phone number as written at the source, for example `"+33 1 43 56 69 55"`.
    public let phone: String?
    /// The web site, as written at the source.
    public let website: String?
    /// Where this record came from.
    public let source: DataSource

    /// Makes a point of interest. Only `id` and `coordinate` are required.
    /// - Parameters: one per property; see each property for its meaning and units.
    public init(
        id: String, name: String?, categories: [POICategory] = [], rawCategories: [String] = [],
        coordinate: Coordinate, addressLines: [String] = [], distanceMeters: Double? = nil,
        openingHours: String? = nil, phone: String? = nil, website: String? = nil, source: DataSource
    ) {
        self.id = id
        self.name = name
        self.categories = categories
        self.rawCategories = rawCategories
        self.coordinate = coordinate
        self.addressLines = addressLines
        self.distanceMeters = distanceMeters
        self.openingHours = openingHours
        self.phone = phone
        self.website = website
        self.source = source
    }

    /// The same place with another distance.
    /// - Parameter meters: the distance in metres, or nil when unknown.
    /// - Returns: a copy with `distanceMeters` replaced.
    public func withDistance(_ meters: Double?) -> POI {
        POI(
            id: id, name: name, categories: categories, rawCategories: rawCategories, coordinate: coordinate,
            addressLines: addressLines, distanceMeters: meters, openingHours: openingHours, phone: phone,
            website: website, source: source)
    }

    /// The order of a "nearby" list: nearer first, unknown distance last, then by name
    /// (case-insensitive, unnamed last), then by id.
    /// - Returns: true when `lhs` comes before `rhs`.
    public static func isNearer(_ lhs: POI, _ rhs: POI) -> Bool {
        switch (lhs.distanceMeters, rhs.distanceMeters) {
        case (let l?, let r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (lhs.name?.lowercased(), rhs.name?.lowercased()) {
        case (let l?, let r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs.id < rhs.id
        }
    }
}
