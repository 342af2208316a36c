/// A town or city, as a location search offers it.
public struct City: Sendable, Hashable, Identifiable {
    /// The source's id, for example `"geonames:745044"`.
    public let id: String
    /// The city's name in its usual form, for example `"São Paulo"`.
    public let name: String
    /// The country's name in English, for example `"Brazil"`; nil when unknown.
    public let countryName: String?
    /// The ISO 3166-1 alpha-2 country code, upper case, for example `"BR"`; nil when unknown.
    public let countryCode: String?
    /// The first-level administrative area: a name (`"Ontario"`) or the source's code
    /// (GeoNames admin1 `"27"`); nil when unknown.
    public let adminArea: String?
    /// The city's reference point (usually its centre).
    public let coordinate: Coordinate
    /// The number of inhabitants, when the source says.
    public let population: Int?
    /// The IANA time zone, for example `"America/Sao_Paulo"`, when the source says.
    public let timeZone: String?
    /// Where this record came from.
    public let source: DataSource

    /// Makes a city. Only `id`, `name`, `coordinate` and `source` are required.
    /// - Parameters: one per property; see each property for its meaning.
    public init(
        id: String, name: String, countryName: String? = nil, countryCode: String? = nil,
        adminArea: String? = nil, coordinate: Coordinate, population: Int? = nil,
        timeZone: String? = nil, source: DataSource
    ) {
        self.id = id
        self.name = name
        self.countryName = countryName
        self.countryCode = countryCode
        self.adminArea = adminArea
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
        self.source = source
    }
}
