import Domain
import FoundationEssentials
import Scenes
import Workers

/// The options of the Places section: where places come from and their base URLs and key,
/// the point or city searched around, the radius, the category and the units. A part of
/// `AppOptions` (its fields read as `options.near`).
struct PlacesOptions: Equatable {
    /// The places source.
    var placesSource: SourceChoice = .auto
    /// The point to search around (`--near LAT,LON`).
    var near: Coordinate?
    /// A city to search around, resolved offline (`--city NAME`).
    var city: String?
    /// How distances are written.
    var units: NearbyPOIs.Units = .metric
    /// The search radius in metres (`--radius`), 1 to 25,000; nil for the default.
    var radiusMeters: Double?
    /// The kind of place (`--category`); nil for all.
    var category: POICategory?
    /// The Geoapify API's base URL.
    var geoapifyBase: URL?
    /// The Overpass interpreter's URL (from a base such as `https://overpass-api.de/api`).
    var overpassEndpoint: URL?
    /// Nominatim's base URL.
    var nominatimBase: URL?
    /// The Geoapify API key (`GEOAPIFY_API_KEY`, `geoapify-api-key`).
    var geoapifyKey: ConfiguredSecret?
    /// `discover-tui route`: print a walk along the streets.
    var routes = false
    /// Where `route` walks to (`--to LAT,LON|PLACE`), as given.
    var routeTo: String?
    /// The walking pace (`--walking-speed`, `DISCOVER_WALKING_SPEED`, `walking-speed`).
    var walkingPace = WalkingPace.standard
    /// Where `route` finds its walk (`--route-source`).
    var routeSource = RouteSourceChoice.auto
    /// The OSRM foot server's base URL (`--osrm-base`), nil for FOSSGIS's.
    var osrmBase: URL?

    /// The largest `--radius`, in metres (the largest radius step).
    static let maximumRadiusMeters = 25_000.0

    /// Checks where the places options were given: only after `places`, and one location.
    /// - Parameters:
    ///   - section: the section the command line asks for.
    ///   - placesOnlyFlags: the flags given that only `places` takes, in order.
    ///   - givenByFlag: the settings the command line gave (`near`, `city`).
    /// - Throws: `UsageError` for a places option without `places`, or both `--near` and `--city`.
    func validate(section: AppSection, placesOnlyFlags: [String], givenByFlag: Set<String>) throws {
        if let first = placesOnlyFlags.first, section != .places {
            throw UsageError(message: "\(first) is an option of the places command, for example: discover-tui places \(first) …")
        }
        if givenByFlag.contains("near") && givenByFlag.contains("city") {
            throw UsageError(message: "use --near or --city, not both")
        }
        if givenByFlag.contains("to") && !routes {
            throw UsageError(message: "--to is an option of the route command, for example: discover-tui route --city Helsinki --to 60.1699,24.9525")
        }
        if routes && routeTo == nil {
            throw UsageError(message: "discover-tui route needs --to LAT,LON or a place's name, for example: discover-tui route --city Helsinki --to 60.1699,24.9525")
        }
        if routes && routeSource == .osrm && givenByFlag.contains("offline") {
            throw UsageError(message: "--route-source osrm asks FOSSGIS's server, so it cannot be used with --offline")
        }
        if routes && near == nil && city == nil {
            throw UsageError(message: "discover-tui route needs where to start: --near LAT,LON or --city NAME")
        }
    }

    /// A whole number written with the ASCII digits 0–9 only (`500`, `0500`): no sign, space,
    /// decimal point, exponent or `0x` prefix, so `2.5`, `1e3` and `0x10` are refused rather
    /// than read as 3, 1000 or 16.
    /// - Parameter text: the value given to `--radius`.
    /// - Returns: the number, or nil when the text is not only digits or does not fit an `Int`.
    static func wholeMetres(_ text: String) -> Int? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text, radix: 10)
    }

    /// The Overpass interpreter's URL for a base: `BASE/interpreter`, or the URL itself when
    /// it already ends in `/interpreter`.
    static func overpassEndpoint(_ base: URL) -> URL {
        base.path.hasSuffix("/interpreter") ? base : base.appendingPathComponent("interpreter")
    }

    /// The categories as `--category` writes them: `cafe`, `fast-food`, `atm`, …
    static let categoryNames: [String] = POICategory.allCases.map { category in
        category.rawValue.reduce(into: "") { name, c in
            if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
        }
    }

    /// The category for a name, ignoring case, accents, spaces, hyphens and underscores:
    /// `cafe`, `Café`, `fast-food`, `fast_food`, `Fast food`, `ATM`.
    static func categoryNamed(_ text: String) -> POICategory? {
        func key(_ s: String) -> String {
            SearchFolding.fold(s)
                .lowercased().filter { $0.isLetter || $0.isNumber }
        }
        let wanted = key(text)
        guard !wanted.isEmpty else { return nil }
        return POICategory.allCases.first { key($0.rawValue) == wanted || key($0.displayName) == wanted }
    }
}
