import Domain
import Foundation
import Workers

/// A command-line mistake: the message to print before the usage hint; exit status 2.
struct UsageError: Error, Equatable {
    /// What was wrong, in one line.
    let message: String
}

/// Which TV source to use.
enum TVSourceChoice: String, Sendable, CaseIterable {
    /// TMDB live when a TMDB key or token is configured, else (or when it fails) TVmaze live,
    /// else the embedded snapshot.
    case auto
    /// TMDB live only (needs `TMDB_READ_ACCESS_TOKEN` or `TMDB_API_KEY`).
    case tmdb
    /// TVmaze live only.
    case tvmaze
    /// The embedded snapshot (or `--snapshot PATH`) only.
    case snapshot
}

/// Which places source to use (`--source` after the `places` command).
enum PlacesSourceChoice: String, Sendable, CaseIterable {
    /// Geoapify with a key, else OpenStreetMap (Overpass), else the embedded snapshot.
    case auto
    /// Geoapify only (needs a Geoapify API key).
    case geoapify
    /// OpenStreetMap's Overpass API only.
    case osm
    /// The embedded snapshot only (no network).
    case snapshot
}

/// The parsed command line.
struct AppOptions: Equatable {
    /// Print help and exit.
    var showHelp = false
    /// Print the version and exit.
    var showVersion = false
    /// The section to start in: `discover shows` (the default) or `discover places`.
    var section: AppSection = .shows
    /// The TV source.
    var source: TVSourceChoice = .auto
    /// The places source.
    var placesSource: PlacesSourceChoice = .auto
    /// The point to search around (`--near LAT,LON`).
    var near: Coordinate?
    /// A city to search around, resolved offline (`--city NAME`).
    var city: String?
    /// How distances are written.
    var units: NearbyPOIs.Units = .metric
    /// The search radius in metres (`--radius`), 1 to 25,000; nil for the default.
    var radiusMeters: Double?
    /// The kind of place (`--category`); nil for all.
    var category: PlaceCategory?
    /// The Geoapify API's base URL.
    var geoapifyBase: URL?
    /// The Overpass interpreter's URL (from a base such as `https://overpass-api.de/api`).
    var overpassEndpoint: URL?
    /// Nominatim's base URL.
    var nominatimBase: URL?
    /// A snapshot file to use instead of the embedded one.
    var snapshotPath: String?
    /// The TVmaze base URL.
    var tvmazeBase: URL?
    /// The TMDB base URL (`--tmdb-base`, `DISCOVER_TMDB_URL`, `tmdb-url`).
    var tmdbBase: URL?
    /// The country of TVmaze's broadcast schedule, ISO 3166-1 alpha-2 (`--country`,
    /// `DISCOVER_COUNTRY`, `country`, else the locale's territory, else `US`).
    var country = "US"
    /// Where `country` came from, for `--check`: `--country`, a variable, the file, `LANG`, or
    /// `default`.
    var countryOrigin = "default"
    /// The TMDB read access token, from the highest layer that sets a TMDB credential.
    var tmdbReadAccessToken: ConfiguredSecret?
    /// The TMDB API key, from the highest layer that sets a TMDB credential.
    var tmdbAPIKey: ConfiguredSecret?
    /// The Geoapify API key (`GEOAPIFY_API_KEY`, `geoapify-api-key`).
    var geoapifyKey: ConfiguredSecret?
    /// Check the configuration and each source's reachability, then exit (`--check`).
    var check = false
    /// Colour off.
    var noColor = false
    /// ASCII only.
    var ascii = false
    /// JSON lines when writing to a pipe or file.
    var json = false
    /// Neither read nor keep TVmaze answers in the response cache.
    var noCache = false

    /// The largest `--radius`, in metres (the largest radius step).
    static let maximumRadiusMeters = 25_000.0

    /// The TMDB credential to use: the read access token when one is set, else the API key.
    var tmdbCredential: TMDBCredential? {
        if let token = tmdbReadAccessToken { return .readAccessToken(token.value) }
        if let key = tmdbAPIKey { return .apiKey(key.value) }
        return nil
    }

    /// The TMDB secret in use, for saying where it came from.
    var tmdbSecret: ConfiguredSecret? { tmdbReadAccessToken ?? tmdbAPIKey }

    /// The environment variable of each configuration key (`ConfigFile.keys`).
    static let environmentVariables: [String: String] = [
        "tv-source": "DISCOVER_SOURCE", "places-source": "DISCOVER_PLACES_SOURCE", "near": "DISCOVER_NEAR",
        "city": "DISCOVER_CITY", "units": "DISCOVER_UNITS", "color": "DISCOVER_COLOR",
        "tmdb-api-key": "TMDB_API_KEY", "tmdb-read-access-token": "TMDB_READ_ACCESS_TOKEN",
        "geoapify-api-key": "GEOAPIFY_API_KEY", "tvmaze-url": "DISCOVER_TVMAZE_URL", "tmdb-url": "DISCOVER_TMDB_URL",
        "geoapify-url": "DISCOVER_GEOAPIFY_URL", "overpass-url": "DISCOVER_OVERPASS_URL", "nominatim-url": "DISCOVER_NOMINATIM_URL",
        "country": "DISCOVER_COUNTRY",
    ]

    /// One setting of a layer below the command line: its value, how messages name it
    /// (`DISCOVER_UNITS`, `/home/ana/.config/discover/config line 3: units`) and its origin.
    private struct Setting {
        let value: String
        let label: String
        let origin: SettingOrigin
    }

    /// Parses arguments (without the program name) over the environment over the
    /// configuration file: flags win over the environment, which wins over the file, which
    /// wins over the defaults.
    ///
    /// `--source` means the TV source (auto, tmdb, tvmaze, snapshot) before or without a command
    /// and after `shows`, and the places source (auto, geoapify, osm, snapshot) after `places`.
    /// A location (`--near`/`--city`, `DISCOVER_NEAR`/`DISCOVER_CITY`, `near`/`city`) is one
    /// setting: the highest layer that gives one wins, and one layer may not give both.
    /// - Parameters:
    ///   - arguments: the arguments, for example `["places", "--near", "41.0172,28.9699"]`.
    ///   - environment: the environment (the variables of `environmentVariables`, and
    ///     `NO_COLOR`, https://no-color.org).
    ///   - config: the configuration file's settings, if a file was found.
    /// - Returns: the options.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value (a bad value from
    ///   the environment names the variable; from the file, the file and line).
    static func parse(_ arguments: [String], environment: [String: String], config: ConfigFile? = nil) throws -> AppOptions {
        var options = AppOptions()
        if let config {
            var layer: [String: Setting] = [:]
            for (key, entry) in config.entries {
                layer[key] = Setting(value: entry.value, label: "\(config.path) line \(entry.line): \(key)",
                                     origin: .configFile(path: config.path, line: entry.line))
            }
            try apply(layer, to: &options)
        }
        var layer: [String: Setting] = [:]
        for (key, variable) in environmentVariables {
            guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { continue }
            layer[key] = Setting(value: value, label: variable, origin: .environment(variable))
        }
        if layer["color"] == nil, let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            layer["color"] = Setting(value: "no", label: "NO_COLOR", origin: .environment("NO_COLOR"))
        }
        try apply(layer, to: &options)
        var flagNear = false, flagCity = false, flagSource = false
        var placesOnly: [String] = []
        var rest = arguments[...]
        func value(for option: String) throws -> String {
            guard let v = rest.popFirst() else { throw UsageError(message: "\(option) needs a value") }
            return v
        }
        var sawCommand = false
        while let arg = rest.popFirst() {
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func argValue() throws -> String {
                if let inline { return inline }
                return try value(for: name)
            }
            let flags: Set<String> = ["-h", "--help", "-V", "--version", "--no-color", "--no-colour", "--color", "--colour", "--ascii", "--json", "--check", "--no-cache"]
            if inline != nil && flags.contains(name) {
                throw UsageError(message: "\(name) takes no value")
            }
            switch name {
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            case "--source" where options.section == .places:
                let v = try argValue()
                guard let choice = PlacesSourceChoice(rawValue: v) else {
                    throw UsageError(message: "--source after 'places' must be one of auto, geoapify, osm, snapshot (got '\(shown(v))')")
                }
                options.placesSource = choice
            case "--source":
                let v = try argValue()
                guard let choice = TVSourceChoice(rawValue: v) else {
                    throw UsageError(message: "--source must be one of auto, tmdb, tvmaze, snapshot (got '\(shown(v))')")
                }
                options.source = choice
                flagSource = true
            case "--near":
                let v = try argValue()
                do {
                    options.near = try Coordinate(parsing: v)
                } catch {
                    // `Coordinate(parsing:)` throws only `CoordinateError`, in words.
                    throw UsageError(message: "--near: \(error.description)")
                }
                options.city = nil
                flagNear = true
                placesOnly.append(name)
            case "--city":
                let v = try argValue().trimmingCharacters(in: .whitespaces)
                guard !v.isEmpty else { throw UsageError(message: "--city needs a city's name, for example --city Istanbul") }
                options.city = v
                options.near = nil
                flagCity = true
                placesOnly.append(name)
            case "--units":
                let v = try argValue()
                guard let units = NearbyPOIs.Units(rawValue: v.lowercased()) else {
                    throw UsageError(message: "--units must be metric or imperial (got '\(shown(v))')")
                }
                options.units = units
                placesOnly.append(name)
            case "--radius":
                let v = try argValue()
                guard let meters = wholeMetres(v), meters >= 1, Double(meters) <= maximumRadiusMeters else {
                    throw UsageError(message: "--radius must be a whole number of metres from 1 to 25000 (got '\(shown(v))')")
                }
                options.radiusMeters = Double(meters)
                placesOnly.append(name)
            case "--category":
                let v = try argValue()
                guard let category = categoryNamed(v) else {
                    throw UsageError(message: "unknown category '\(shown(v))'; use one of: \(categoryNames.joined(separator: ", "))")
                }
                options.category = category
                placesOnly.append(name)
            case "--geoapify-base":
                options.geoapifyBase = try baseURL(try argValue(), option: "--geoapify-base", example: "https://api.geoapify.com")
                placesOnly.append(name)
            case "--overpass-base":
                options.overpassEndpoint = overpassEndpoint(try baseURL(try argValue(), option: "--overpass-base", example: "https://overpass-api.de/api"))
                placesOnly.append(name)
            case "--nominatim-base":
                options.nominatimBase = try baseURL(try argValue(), option: "--nominatim-base", example: "https://nominatim.openstreetmap.org")
                placesOnly.append(name)
            case "--snapshot":
                let v = try argValue()
                guard !v.isEmpty else { throw UsageError(message: "--snapshot needs a file path") }
                options.snapshotPath = v
            case "--api-base":
                options.tvmazeBase = try baseURL(try argValue(), option: "--api-base")
            case "--country":
                options.country = try countryCode(try argValue(), label: "--country")
                options.countryOrigin = "--country"
            case "--tmdb-base":
                options.tmdbBase = try baseURL(try argValue(), option: "--tmdb-base", example: "https://api.themoviedb.org")
            case "--check": options.check = true
            case "--color", "--colour": options.noColor = false
            case "--no-color", "--no-colour": options.noColor = true
            case "--ascii": options.ascii = true
            case "--json": options.json = true
            case "--no-cache": options.noCache = true
            case "shows" where !sawCommand:
                sawCommand = true
                options.section = .shows
            case "places" where !sawCommand:
                sawCommand = true
                options.section = .places
            default:
                if arg.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(shown(arg))'")
                }
                throw UsageError(message: "unexpected argument '\(shown(arg))'")
            }
        }
        if options.snapshotPath != nil && (options.source == .tvmaze || options.source == .tmdb) {
            guard !flagSource else {
                throw UsageError(message: "--snapshot cannot be used with --source \(options.source.rawValue)")
            }
            // A live source from the environment or the file gives way to the file named here.
            options.source = .snapshot
        }
        if options.countryOrigin == "default", let (code, variable) = localeTerritory(environment) {
            options.country = code
            options.countryOrigin = variable
        }
        if options.check && options.json {
            throw UsageError(message: "--check prints a text report; it cannot be used with --json")
        }
        if let first = placesOnly.first, options.section != .places {
            throw UsageError(message: "\(first) is an option of the places command, for example: discover places \(first) …")
        }
        if flagNear && flagCity {
            throw UsageError(message: "use --near or --city, not both")
        }
        return options
    }

    /// Applies one layer of settings (the file's or the environment's) over the options.
    private static func apply(_ layer: [String: Setting], to options: inout AppOptions) throws {
        if let s = layer["tv-source"] {
            guard let choice = TVSourceChoice(rawValue: s.value.lowercased()) else {
                throw UsageError(message: "\(s.label) must be one of auto, tmdb, tvmaze, snapshot (got '\(shown(s.value))')")
            }
            options.source = choice
        }
        if let s = layer["places-source"] {
            guard let choice = PlacesSourceChoice(rawValue: s.value.lowercased()) else {
                throw UsageError(message: "\(s.label) must be one of auto, geoapify, osm, snapshot (got '\(shown(s.value))')")
            }
            options.placesSource = choice
        }
        if let near = layer["near"], let city = layer["city"] {
            throw UsageError(message: "\(near.label) and \(city.label) are both set; use one")
        }
        if let s = layer["near"] {
            do {
                options.near = try Coordinate(parsing: s.value)
            } catch {
                throw UsageError(message: "\(s.label): \(error.description)")
            }
            options.city = nil
        }
        if let s = layer["city"] {
            options.city = s.value
            options.near = nil
        }
        if let s = layer["units"] {
            guard let units = NearbyPOIs.Units(rawValue: s.value.lowercased()) else {
                throw UsageError(message: "\(s.label) must be metric or imperial (got '\(shown(s.value))')")
            }
            options.units = units
        }
        if let s = layer["color"] {
            guard let on = yesOrNo(s.value) else {
                throw UsageError(message: "\(s.label) must be yes or no (got '\(shown(s.value))')")
            }
            options.noColor = !on
        }
        // A TMDB credential is one setting: a layer that gives either replaces both.
        if layer["tmdb-read-access-token"] != nil || layer["tmdb-api-key"] != nil {
            options.tmdbReadAccessToken = layer["tmdb-read-access-token"].map { ConfiguredSecret(value: $0.value, origin: $0.origin) }
            options.tmdbAPIKey = layer["tmdb-api-key"].map { ConfiguredSecret(value: $0.value, origin: $0.origin) }
        }
        if let s = layer["geoapify-api-key"] {
            options.geoapifyKey = ConfiguredSecret(value: s.value, origin: s.origin)
        }
        if let s = layer["tvmaze-url"] {
            options.tvmazeBase = try baseURL(s.value, option: s.label)
        }
        if let s = layer["country"] {
            options.country = try countryCode(s.value, label: s.label)
            options.countryOrigin = s.label
        }
        if let s = layer["tmdb-url"] {
            options.tmdbBase = try baseURL(s.value, option: s.label, example: "https://api.themoviedb.org")
        }
        if let s = layer["geoapify-url"] {
            options.geoapifyBase = try baseURL(s.value, option: s.label, example: "https://api.geoapify.com")
        }
        if let s = layer["overpass-url"] {
            options.overpassEndpoint = overpassEndpoint(try baseURL(s.value, option: s.label, example: "https://overpass-api.de/api"))
        }
        if let s = layer["nominatim-url"] {
            options.nominatimBase = try baseURL(s.value, option: s.label, example: "https://nominatim.openstreetmap.org")
        }
    }

    /// A country code as TVmaze's `/schedule?country=` takes it: two ASCII letters (ISO 3166-1
    /// alpha-2), upper-cased.
    /// - Throws: `UsageError` naming the setting for anything else.
    static func countryCode(_ text: String, label: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces)
        guard code.unicodeScalars.count == 2, code.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.letters.contains($0) }) else {
            throw UsageError(message: "\(label) must be a two-letter country code such as GB or US (got '\(shown(text))')")
        }
        return code.uppercased()
    }

    /// The territory of the locale the messages follow: the first of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` that is set, read as `language_TERRITORY[.charset][@modifier]` (POSIX
    /// locale names), for example `en_GB.UTF-8` → `GB`.
    /// - Returns: the code and the variable it came from; nil when the locale names none
    ///   (`C.UTF-8`, `POSIX`).
    static func localeTerritory(_ environment: [String: String]) -> (String, String)? {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let name = value.split(separator: ".", maxSplits: 1).first.map(String.init) ?? value
            let base = name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? name
            let parts = base.split(separator: "_")
            guard parts.count == 2, let code = try? countryCode(String(parts[1]), label: variable) else { return nil }
            return (code, variable)
        }
        return nil
    }

    /// The longest value a message repeats, in characters.
    static let longestShownValue = 60

    /// A value as a message repeats it: whole up to `longestShownValue` characters, else its
    /// beginning and `…`, so a mistaken paste of a whole file is not echoed back in full.
    /// - Parameter value: what was given.
    /// - Returns: the value, or its first characters followed by `…`.
    static func shown(_ value: String) -> String {
        value.count <= longestShownValue ? value : String(value.prefix(longestShownValue - 1)) + "…"
    }

    /// A yes-or-no setting: yes, true, on, 1, always / no, false, off, 0, never (any case).
    static func yesOrNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "on", "1", "always": return true
        case "no", "false", "off", "0", "never": return false
        default: return nil
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

    private static func baseURL(_ text: String, option: String, example: String = "https://api.tvmaze.com") throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw UsageError(message: "\(option) must be an http(s) URL, for example \(example)")
        }
        return url
    }

    /// The Overpass interpreter's URL for a base: `BASE/interpreter`, or the URL itself when
    /// it already ends in `/interpreter`.
    static func overpassEndpoint(_ base: URL) -> URL {
        base.path.hasSuffix("/interpreter") ? base : base.appendingPathComponent("interpreter")
    }

    /// The categories as `--category` writes them: `cafe`, `fast-food`, `atm`, …
    static let categoryNames: [String] = PlaceCategory.allCases.map { category in
        category.rawValue.reduce(into: "") { name, c in
            if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
        }
    }

    /// The category for a name, ignoring case, accents, spaces, hyphens and underscores:
    /// `cafe`, `Café`, `fast-food`, `fast_food`, `Fast food`, `ATM`.
    static func categoryNamed(_ text: String) -> PlaceCategory? {
        func key(_ s: String) -> String {
            s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .lowercased().filter { $0.isLetter || $0.isNumber }
        }
        let wanted = key(text)
        guard !wanted.isEmpty else { return nil }
        return PlaceCategory.allCases.first { key($0.rawValue) == wanted || key($0.displayName) == wanted }
    }

    /// The category names wrapped to the help's second column (33 spaces in, 80 columns).
    static var wrappedCategoryNames: String {
        var lines: [String] = []
        var line = ""
        for name in categoryNames {
            let piece = line.isEmpty ? name : line + ", " + name
            if piece.count > 46 {
                lines.append(line + ",")
                line = name
            } else {
                line = piece
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { String(repeating: " ", count: 33) + $0 }.joined(separator: "\n")
    }

    /// The `--help` text. It names the variables and settings that hold keys, never a key.
    static let helpText = """
    discover \(AppIdentity.version) - popular TV shows and places nearby, in the terminal

    Usage: discover [shows] [options]
           discover places [--near LAT,LON | --city NAME] [places options] [options]

    Options:
      --source auto|tmdb|tvmaze|snapshot
                                     where shows come from (default auto: TMDB live when
                                     a TMDB key is set, else TVmaze live, else the offline
                                     snapshot built into the program; also DISCOVER_SOURCE)
      --snapshot PATH                use a JSON file shaped like TVmaze's /shows?page=N
                                     instead of the built-in snapshot
      --api-base URL                 TVmaze base URL (default https://api.tvmaze.com;
                                     also DISCOVER_TVMAZE_URL)
      --country CC                   country of the broadcast schedule behind "Popular
                                     now" on TVmaze (default: the locale's territory,
                                     else US; also DISCOVER_COUNTRY)
      --tmdb-base URL                TMDB base URL (default https://api.themoviedb.org;
                                     also DISCOVER_TMDB_URL)
      --check                        show the settings in use and whether each source
                                     answers, then exit (0: the default sources work);
                                     text only, so not with --json
      --color, --no-color            colour on or off (also DISCOVER_COLOR=yes|no,
                                     NO_COLOR=1)
      --ascii                        ASCII only, for terminals without UTF-8
      --json                         with output to a pipe or file: JSON lines
      --no-cache                     neither show nor keep live TV answers kept in
                                     $XDG_CACHE_HOME/discover (default ~/.cache/discover)
      -h, --help                     this help
      -V, --version                  the version

    Places options (after 'places'):
      --near LAT,LON                 search around a point in decimal degrees, for
                                     example --near 41.0172,28.9699
      --city NAME                    search around a city from the offline GeoNames list
                                     (a name several cities share opens a picker)
                                     Without either: the offline snapshot's first area.
      --radius METERS                search radius in whole metres, 1 to 25000
                                     (default 2000)
      --category NAME                one kind of place:
    \(wrappedCategoryNames)
      --units metric|imperial        distances in m and km (default) or ft and mi
      --source auto|geoapify|osm|snapshot
                                     where places come from (default auto: Geoapify when
                                     a Geoapify key is set, else OpenStreetMap's Overpass,
                                     else the offline snapshot built into the program;
                                     also DISCOVER_PLACES_SOURCE)
      --geoapify-base URL            Geoapify base URL (also DISCOVER_GEOAPIFY_URL)
      --overpass-base URL            Overpass API base URL, for example
                                     https://overpass-api.de/api (also DISCOVER_OVERPASS_URL)
      --nominatim-base URL           Nominatim base URL (also DISCOVER_NOMINATIM_URL)

    Keys: arrows or j/k move, Enter opens, / filters, Esc goes back, Tab and Shift-Tab
    cycle Shows, Places and Favourites, f marks or unmarks a favourite, F opens Favourites,
    ? shows all keys, q quits. In Places: c category, + and - radius, L find a city,
    m map (under 100 columns), r search again.
    When standard output is not a terminal, the list is printed as plain text.

    Keys and defaults: environment variables TMDB_READ_ACCESS_TOKEN or TMDB_API_KEY,
    GEOAPIFY_API_KEY, DISCOVER_NEAR, DISCOVER_CITY, DISCOVER_UNITS, or `key = value` lines
    in $XDG_CONFIG_HOME/discover/config (default ~/.config/discover/config): tv-source,
    places-source, near, city, units, color, tmdb-api-key, tmdb-read-access-token,
    geoapify-api-key, tvmaze-url, tmdb-url, geoapify-url, overpass-url, nominatim-url,
    country.
    Options win over the environment, which wins over the file. Keep the file mode 600.

    Exit status: 0 on quit, 1 on a runtime error, 2 on a usage error, 128+n on signal n.

    Shows: data from TVmaze.com (CC BY-SA 4.0), https://www.tvmaze.com, or from TMDB.
    This product uses the TMDB API but is not endorsed or certified by TMDB.
    Places: © OpenStreetMap contributors (ODbL), Geoapify; cities: GeoNames (CC BY 4.0)
    """
}
