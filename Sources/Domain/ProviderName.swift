/// A data provider, as the screen names it and as `DataSource` and `SourceError` carry it
/// (`DataSource.live(provider: .tmdb)`), with the credit its terms ask the screen to show
/// under its data. The credit is part of the name's value: a provider cannot be named
/// without one, so no provider's data can be shown under another's licence line.
///
/// Two names are the same provider when their names are equal (the credit follows the name).
public struct ProviderName: Hashable, Sendable, CustomStringConvertible {
    /// The name shown on screen and in messages, for example `TVmaze`.
    public let name: String
    /// The credit line the provider's terms ask for under its data, for example
    /// `Data from TVmaze.com (CC BY-SA 4.0)`.
    public let credit: String

    /// Names a provider.
    /// - Parameters:
    ///   - name: the name shown on screen, for example `TVmaze`.
    ///   - credit: the credit its terms ask for under its data.
    public init(_ name: String, credit: String) {
        self.name = name
        self.credit = credit
    }

    /// The name, for messages (`"\(provider) is unreachable"`).
    public var description: String { name }

    /// Equal names are the same provider.
    public static func == (lhs: ProviderName, rhs: ProviderName) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// TVmaze (https://www.tvmaze.com/api): shows, no key. Its data is CC BY-SA 4.0
    /// (https://www.tvmaze.com/api#licensing).
    public static let tvmaze = ProviderName("TVmaze", credit: "Data from TVmaze.com (CC BY-SA 4.0)")
    /// The Movie Database (https://developer.themoviedb.org): shows, with a key; its terms
    /// ask for this notice (https://www.themoviedb.org/api-terms-of-use).
    public static let tmdb = ProviderName("TMDB", credit: "Data from TMDB (themoviedb.org). This product uses the TMDB API but is not endorsed or certified by TMDB.")
    /// Geoapify (https://apidocs.geoapify.com): places and city search, with a key; "Powered by
    /// Geoapify" and OpenStreetMap's attribution (https://www.geoapify.com/terms-and-conditions/).
    public static let geoapify = ProviderName("Geoapify", credit: "Powered by Geoapify · © OpenStreetMap contributors")
    /// OpenStreetMap's Overpass API (https://wiki.openstreetmap.org/wiki/Overpass_API): places,
    /// no key; ODbL attribution (https://www.openstreetmap.org/copyright).
    public static let overpass = ProviderName("Overpass", credit: openStreetMapCredit)
    /// OpenStreetMap's Nominatim (https://nominatim.org): city search, no key; ODbL attribution.
    public static let nominatim = ProviderName("Nominatim", credit: openStreetMapCredit)
    /// OpenStreetMap's data as recorded in the snapshot (Overpass answers); ODbL attribution.
    public static let openStreetMap = ProviderName("OpenStreetMap", credit: openStreetMapCredit)
    /// GeoNames (https://www.geonames.org): the embedded city table, CC BY 4.0
    /// (https://www.geonames.org/about.html).
    public static let geoNames = ProviderName("GeoNames", credit: "GeoNames (geonames.org), CC BY 4.0")
    /// The offline snapshot built into the program: named when it is itself what failed (its
    /// records carry their own providers' names), and the credit before any data has a source;
    /// its shows are TVmaze's, so its credit is TVmaze's.
    public static let snapshot = ProviderName("snapshot", credit: tvmaze.credit)

    /// The words for a source an error came from without a provider's name (a Worker threw
    /// something other than a `SourceError`), for example `source` or `city search`: never
    /// the source of data on screen, so it has no credit.
    /// - Parameter words: what the source is, as a message says it.
    public static func unnamed(_ words: String) -> ProviderName {
        ProviderName(words, credit: "")
    }

    /// OpenStreetMap's attribution (https://www.openstreetmap.org/copyright).
    public static let openStreetMapCredit = "© OpenStreetMap contributors"

    /// The built-in providers, for names read from data (the snapshot's recordings say
    /// whose they are).
    public static let builtIn: [ProviderName] = [.tvmaze, .tmdb, .geoapify, .overpass, .nominatim, .openStreetMap, .geoNames, .snapshot]

    /// The built-in provider of a name read from data, or nil for a name it does not know.
    /// - Parameter name: for example `TMDB`.
    public static func named(_ name: String) -> ProviderName? {
        builtIn.first { $0.name == name }
    }
}
