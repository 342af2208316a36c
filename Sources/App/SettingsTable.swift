import Domain
import FoundationEssentials
import Scenes
import Workers

/// The command line's settings, declared once (the commands are `CommandTable`'s), with
/// how a setting's value is read and how a message quotes it. `AppOptions.parse` reads flags,
/// the environment and the config file through it; `--help`, the man page, the completions
/// and `--check` are written from it.
enum SettingsTable {
    /// The settings table. Config-file rows come in the order messages list their keys (and
    /// are applied in within one layer); the help lists each scope's rows in table order.
    static let settings: [SettingRow] = RouteSettingRows.placed(among: rows) + MirrorSettings.rows
    private static let rows: [SettingRow] = [
        SettingRow(
            "tv-source", flags: ["--source"], value: .choice(SourceChoice.words(.tv)),
            environment: "DISCOVER_SOURCE", configKey: true,
            defaultText: "auto: TMDB live when a TMDB key is set, else TVmaze live, else the offline snapshot built into the program",
            help: "where shows come from"
        ) { options, input in
            guard let choice = SourceChoice(input.value.lowercased(), role: .tv) else {
                throw UsageError(message: "\(input.label) must be one of \(SourceChoice.words(.tv).joined(separator: ", ")) (got '\(shown(input.value))')")
            }
            options.source = choice
        },
        SettingRow(
            "offline", flags: ["--offline"],
            help: "no network request at all: shows, episodes, schedules and places from the offline snapshot built into the program "
                + "(--source snapshot on the command line means the same, unless places --source names another)"
        ) { options, _ in
            options.offline = true
        },
        SettingRow(
            "snapshot", flags: ["--snapshot"], value: .file("PATH"),
            help: "use a JSON file shaped like TVmaze's /shows?page=N instead of the built-in snapshot"
        ) { options, input in
            guard !input.value.isEmpty else { throw UsageError(message: "--snapshot needs a file path") }
            options.snapshotPath = input.value
        },
        SettingRow(
            "places-source", scope: .places, flags: ["--source"], value: .choice(SourceChoice.words(.places)),
            environment: "DISCOVER_PLACES_SOURCE", configKey: true,
            defaultText: "auto: Geoapify when a Geoapify key is set, else OpenStreetMap's Overpass, else the offline snapshot built into the program",
            help: "where places come from"
        ) { options, input in
            guard let choice = SourceChoice(input.value.lowercased(), role: .places) else {
                let words = SourceChoice.words(.places).joined(separator: ", ")
                let label = input.flag == nil ? input.label : "--source after 'places'"
                throw UsageError(message: "\(label) must be one of \(words) (got '\(shown(input.value))')")
            }
            options.placesSource = choice
        },
        SettingRow(
            "near", scope: .places, flags: ["--near"], value: .text("LAT,LON"), environment: "DISCOVER_NEAR", configKey: true,
            help: "search around a point in decimal degrees, for example --near 41.0172,28.9699"
        ) { options, input in
            do throws(CoordinateError) {
                options.near = try Coordinate(parsing: input.value)
            } catch {
                // `Coordinate(parsing:)` throws only `CoordinateError`, in words.
                throw UsageError(message: "\(input.label): \(error.description)")
            }
            options.city = nil
        },
        SettingRow(
            "city", scope: .places, flags: ["--city"], value: .text("NAME"), environment: "DISCOVER_CITY", configKey: true,
            help: "search around a city from the offline GeoNames list (the most populous of a name when it has ten times the people of the next, else a picker); "
                + "without --near or --city: the offline snapshot's first area"
        ) { options, input in
            let name = input.value.trimming(.whitespaces)
            guard !name.isEmpty else { throw UsageError(message: "--city needs a city's name, for example --city Istanbul") }
            options.city = name
            options.near = nil
        },
        SettingRow(
            "radius", scope: .places, flags: ["--radius"], value: .text("METERS"), defaultText: "2000",
            help: "search radius in whole metres, 1 to 25000"
        ) { options, input in
            guard let meters = PlacesOptions.wholeMetres(input.value), meters >= 1, Double(meters) <= PlacesOptions.maximumRadiusMeters else {
                throw UsageError(message: "--radius must be a whole number of metres from 1 to 25000 (got '\(shown(input.value))')")
            }
            options.radiusMeters = Double(meters)
        },
        SettingRow(
            "category", scope: .places, flags: ["--category"], value: .named("NAME", choices: PlacesOptions.categoryNames),
            help: "one kind of place: \(PlacesOptions.categoryNames.joined(separator: ", "))"
        ) { options, input in
            guard let category = PlacesOptions.categoryNamed(input.value) else {
                throw UsageError(message: "unknown category '\(shown(input.value))'; use one of: \(PlacesOptions.categoryNames.joined(separator: ", "))")
            }
            options.category = category
        },
        SettingRow(
            "units", scope: .places, flags: ["--units"], value: .choice(NearbyPOIs.Units.allCases.map(\.rawValue)),
            environment: "DISCOVER_UNITS", configKey: true, defaultText: "metric",
            help: "distances in m and km, or in ft and mi"
        ) { options, input in
            guard let units = NearbyPOIs.Units(rawValue: input.value.lowercased()) else {
                throw UsageError(message: "\(input.label) must be metric or imperial (got '\(shown(input.value))')")
            }
            options.units = units
        },
        SettingRow(
            "color", flags: ["--color", "--no-color"], aliases: ["--colour", "--no-colour"], environment: "DISCOVER_COLOR",
            configKey: true, layerValue: "yes|no",
            help: "colour on or off; a non-empty NO_COLOR turns it off too"
        ) { options, input in
            if let flag = input.flag {
                options.noColor = flag.hasPrefix("--no-")
                return
            }
            guard let on = yesOrNo(input.value) else {
                throw notYesOrNo(input)
            }
            options.noColor = !on
        },
        SettingRow(
            "theme", flags: ["--theme"], value: .choice(ThemeChoice.allCases.map(\.rawValue)), environment: "DISCOVER_THEME",
            configKey: true, defaultText: "auto: light on a light background, by COLORFGBG or else the terminal's answer to OSC 11; else dark",
            help: "colours for a dark or a light background, or none (mono)"
        ) { options, input in
            guard let choice = ThemeChoice(rawValue: input.value.lowercased()) else {
                throw UsageError(message: "\(input.label) must be one of \(ThemeChoice.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(shown(input.value))')")
            }
            options.theme = choice
        },
        ImagesChoice.settingRow,
        SettingRow("ascii", flags: ["--ascii"], help: "ASCII only, for terminals without UTF-8") { options, _ in options.ascii = true },
        SettingRow(
            "mouse", flags: ["--mouse", "--no-mouse"], environment: "DISCOVER_MOUSE", configKey: true, layerValue: "yes|no",
            defaultText: "no",
            help: "mouse on or off (off keeps the terminal's own selection): the wheel scrolls, a click selects, a double click opens"
        ) { options, input in
            if let flag = input.flag {
                options.mouse = !flag.hasPrefix("--no-")
                return
            }
            guard let on = yesOrNo(input.value) else {
                throw notYesOrNo(input)
            }
            options.mouse = on
        },
        SettingRow("json", flags: ["--json"], help: "with output to a pipe or file: JSON lines") { options, _ in options.json = true },
        SettingRow(
            "tsv", flags: ["--tsv"],
            help: "with a list to a pipe or file: tab-separated values, a header line first (without it, fixed columns)"
        ) { options, _ in options.tsv = true },
        SettingRow("episodes", flags: ["--episodes"], help: "with show, to a pipe or file: the show's episodes with their ratings") { options, _ in
            options.episodes = true
        },
        SettingRow(
            "no-cache", flags: ["--no-cache"],
            help: "neither show nor keep live TV answers kept in $XDG_CACHE_HOME/discover-tui (default ~/.cache/discover-tui)"
        ) { options, _ in
            options.noCache = true
        },
        SettingRow(
            "tmdb-api-key", environment: "TMDB_API_KEY", configKey: true, secret: true,
            help: "TMDB API key (v3); a layer that gives either TMDB setting replaces both"
        ) { options, input in
            options.tmdbAPIKey = input.origin.map { ConfiguredSecret(value: input.value, origin: $0) }
        },
        SettingRow(
            "tmdb-read-access-token", environment: "TMDB_READ_ACCESS_TOKEN", configKey: true, secret: true,
            help: "TMDB API read access token (v4); preferred to the key when both are set"
        ) { options, input in
            options.tmdbReadAccessToken = input.origin.map { ConfiguredSecret(value: input.value, origin: $0) }
        },
        SettingRow(
            "geoapify-api-key", environment: "GEOAPIFY_API_KEY", configKey: true, secret: true,
            help: "Geoapify API key"
        ) { options, input in
            options.geoapifyKey = input.origin.map { ConfiguredSecret(value: input.value, origin: $0) }
        },
        SettingRow(
            "tvmaze-url", flags: ["--api-base"], value: .text("URL"), environment: "DISCOVER_TVMAZE_URL", configKey: true,
            defaultText: "https://api.tvmaze.com", help: "TVmaze base URL"
        ) { options, input in
            options.tvmazeBase = try baseURL(input.value, option: input.label)
        },
        SettingRow(
            "tmdb-url", flags: ["--tmdb-base"], value: .text("URL"), environment: "DISCOVER_TMDB_URL", configKey: true,
            defaultText: "https://api.themoviedb.org", help: "TMDB base URL"
        ) { options, input in
            options.tmdbBase = try baseURL(input.value, option: input.label, example: "https://api.themoviedb.org")
        },
        SettingRow(
            "list", flags: ["--list"], value: .choice(AppOptions.ShowsList.allCases.map(\.rawValue)), environment: "DISCOVER_LIST", configKey: true,
            defaultText: "popular", help: "the shows list to start on: popular now, or all shows (v switches)"
        ) { options, input in
            guard let list = AppOptions.ShowsList(rawValue: input.value.lowercased()) else {
                throw UsageError(message: "\(input.label) must be popular or all (got '\(shown(input.value))')")
            }
            options.startList = list
        },
        SettingRow(
            "country", flags: ["--country"], value: .text("CC"), environment: "DISCOVER_COUNTRY", configKey: true,
            defaultText: "the locale's territory, else US",
            help: "two-letter country of TVmaze's broadcast schedule behind \"Popular now\" and tonight"
        ) { options, input in
            options.country = try TVSourceOptions.countryCode(input.value, label: input.label)
            options.countryOrigin = input.label
        },
        SettingRow(
            "services", flags: ["--services"], value: .text("LIST"), environment: "DISCOVER_SERVICES", configKey: true,
            defaultText: "none",
            help: "your streaming services, comma-separated (\(StreamingServices.knownKeys)): the lists mark the shows whose network is one, and n narrows to them"
        ) { options, input in
            do {
                options.services = try StreamingServices(parsing: input.value)
            } catch let error as StreamingServices.ParseError {
                throw UsageError(message: "\(input.label) \(error.message) (got '\(shown(input.value))')")
            }
        },
        SettingRow(
            "date", flags: ["--date"], value: .text("YYYY-MM-DD"), defaultText: "today in your time zone",
            help: "with tonight: the day whose schedules are listed"
        ) { options, input in
            let text = input.value.trimming(.whitespaces)
            guard let date = CalendarDate(iso: text) else {
                let parts = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
                if text.utf8.count == 10, parts.count == 3, (1...12).contains(parts[1]), parts[2] >= 1 {
                    throw UsageError(message: "--date \(shown(text)) is not a day of the calendar: that month has \(CalendarDate.daysInMonth(year: parts[0], month: parts[1])) days")
                }
                throw UsageError(message: "--date must be a day written YYYY-MM-DD, for example 2020-12-01 (got '\(shown(input.value))')")
            }
            options.scheduleDate = date
        },
        SettingRow(
            "season", flags: ["--season"], value: .text("N"),
            help: "with watched: list that season's episodes, each marked watched or not"
        ) { options, input in
            guard let number = Int(input.value.trimming(.whitespaces)), number >= 0, number < 10_000 else {
                throw UsageError(message: "--season must be a season's number, for example 1 (got '\(shown(input.value))')")
            }
            options.season = number
        },
        SettingRow(
            "mark", flags: ["--mark"], value: .text("SxxEyy"),
            help: "with watched SHOW: count one play of that episode (S00Eyy for a special), for scripts and players' hooks"
        ) { options, input in
            guard let episode = EpisodeCode.parse(input.value.trimming(.whitespaces)) else { throw EpisodeCode.badCode(input.value) }
            options.mark = episode
        },
        SettingRow("clear", flags: ["--clear"], help: "with rate: take the show's or the episode's rating away") { options, _ in
            options.clearsRating = true
        },
        SettingRow(
            "year", flags: ["--year"], value: .text("YYYY"), defaultText: "this year in your time zone",
            help: "with stats: the year counted"
        ) { options, input in
            guard let year = Int(input.value.trimming(.whitespaces)), (1970...9999).contains(year) else {
                throw UsageError(message: "--year must be a year from 1970 to 9999, for example 2024 (got '\(shown(input.value))')")
            }
            options.statsYear = year
        },
        SettingRow(
            "new", flags: ["--new"],
            help: "with upcoming: print the favourite shows' episodes aired since the last upcoming --new (kept in $XDG_STATE_HOME/discover-tui), "
                + "not yet watched, one a line, and what changed (a next episode moved, a show renewed, ended or cancelled); "
                + "exit status 0 with lines, 1 with none, 3 when a show could not be asked"
        ) { options, _ in
            options.newOnly = true
        },
        SettingRow(
            "short", flags: ["--short"],
            help: "with tonight, upcoming or premieres: one line an episode, YYYY-MM-DD HH:MM  Show  SxxEyy 'Title'  Network, "
                + "in your time zone, no header (printed on a terminal too)"
        ) { options, _ in
            options.short = true
        },
        SettingRow(
            "today", flags: ["--today"],
            help: "with upcoming: only the episodes that air today in your time zone (printed on a terminal too)"
        ) { options, _ in
            options.today = true
        },
        SettingRow(
            "days", flags: ["--days"], value: .text("DAYS"), defaultText: "14",
            help: "with premieres: how many days, from today, are listed (1 to 31)"
        ) { options, input in
            guard let days = Int(input.value.trimming(.whitespaces)), (1...31).contains(days) else {
                throw UsageError(message: "--days must be a whole number of days from 1 to 31 (got '\(shown(input.value))')")
            }
            options.premiereDays = days
        },
        SettingRow(
            "ics", flags: ["--ics"],
            help: "with upcoming or premieres: write the episodes as an iCalendar file (RFC 5545) to standard output; "
                + "with no episode to put in it, nothing is written, standard error says why and the exit status is 3"
        ) { options, _ in
            options.ics = true
        },
        SettingRow(
            "geoapify-url", scope: .places, flags: ["--geoapify-base"], value: .text("URL"), environment: "DISCOVER_GEOAPIFY_URL",
            configKey: true, defaultText: "https://api.geoapify.com", help: "Geoapify base URL"
        ) { options, input in
            options.geoapifyBase = try baseURL(input.value, option: input.label, example: "https://api.geoapify.com")
        },
        SettingRow(
            "overpass-url", scope: .places, flags: ["--overpass-base"], value: .text("URL"), environment: "DISCOVER_OVERPASS_URL",
            configKey: true, defaultText: "https://overpass-api.de/api", help: "Overpass API base URL"
        ) { options, input in
            options.overpassEndpoint = PlacesOptions.overpassEndpoint(try baseURL(input.value, option: input.label, example: "https://overpass-api.de/api"))
        },
        SettingRow(
            "nominatim-url", scope: .places, flags: ["--nominatim-base"], value: .text("URL"), environment: "DISCOVER_NOMINATIM_URL",
            configKey: true, defaultText: "https://nominatim.openstreetmap.org", help: "Nominatim base URL"
        ) { options, input in
            options.nominatimBase = try baseURL(input.value, option: input.label, example: "https://nominatim.openstreetmap.org")
        },
        SettingRow(
            "ca-bundle", flags: ["--ca-bundle"], value: .file("PATH"), environment: "DISCOVER_CA_BUNDLE", configKey: true,
            defaultText: "CURL_CA_BUNDLE, else SSL_CERT_FILE and SSL_CERT_DIR, else libcurl's own bundle",
            help: "the certificate authorities to trust over TLS: a PEM file (or a folder of hashed certificates), "
                + "for a self-signed server or a proxy that inspects TLS"
        ) { options, input in
            guard !input.value.isEmpty else { throw UsageError(message: "\(input.label) needs a file path") }
            options.caBundle = input.value
            options.caBundleOrigin = input.origin?.description ?? input.label
        },
        SettingRow(
            "check", flags: ["--check"],
            help: "show the settings in use and whether each source answers, then exit (0: the default sources work); "
                + "text only, so not with --json"
        ) { options, _ in options.check = true },
        SettingRow(
            "about", flags: ["--about"],
            help: "say what the offline snapshot holds (each recorded part, its source, date and what it covers), then exit"
        ) { options, _ in
            options.showAbout = true
        },
        SettingRow("help", flags: ["-h", "--help"], help: "this help") { options, _ in options.showHelp = true },
        SettingRow("version", flags: ["-V", "--version"], help: "the version") { options, _ in options.showVersion = true }
    ]

    /// The config file's keys, in the table's order, and which hold secrets.
    static let configSchema = ConfigFile.Schema(
        keys: settings.compactMap(\.configKey),
        secretKeys: Set(settings.filter(\.isSecret).compactMap(\.configKey)), prefixes: [KeyConfig.prefix])

    /// The environment variable of each configuration key.
    static let environmentVariables: [String: String] = Dictionary(
        uniqueKeysWithValues: settings.compactMap { row in
            guard let key = row.configKey, let variable = row.environment else { return nil }
            return (key, variable)
        })

    /// The row a flag means in a section: `--source` is the places source after `places` and
    /// the TV source elsewhere.
    /// - Parameters:
    ///   - flag: the flag without any `=value`.
    ///   - section: the section the command line is in so far.
    /// - Returns: the row, or nil for an unknown flag.
    static func row(forFlag flag: String, in section: AppSection) -> SettingRow? {
        let rows = settings.filter { $0.accepts(flag) }
        guard rows.count > 1 else { return rows.first }
        let scope: SettingRow.Scope = section == .places ? .places : .general
        return rows.first { $0.scope == scope } ?? rows.first
    }

    /// The row for a name (`tv-source`, `check`).
    static func row(named name: String) -> SettingRow? { settings.first { $0.name == name } }

    /// The longest value a message repeats, in characters.
    static let longestShownValue = 60

    /// A value as a message repeats it: whole up to `longestShownValue` characters, else its
    /// beginning and `…`, so a mistaken paste of a whole file is not echoed back in full.
    /// - Parameter value: what was given.
    /// - Returns: the value, or its first characters followed by `…`.
    static func shown(_ value: String) -> String {
        value.count <= longestShownValue ? value : String(value.prefix(longestShownValue - 1)) + "…"
    }

    /// The message for a value `yesOrNo` refuses, naming every word it accepts:
    /// `color must be yes or no (also true/false, on/off, 1/0, always/never; got 'purple')`.
    static func notYesOrNo(_ input: SettingInput) -> UsageError {
        UsageError(message: "\(input.label) must be yes or no (also true/false, on/off, 1/0, always/never; got '\(shown(input.value))')")
    }

    /// A yes-or-no setting: yes, true, on, 1, always / no, false, off, 0, never (any case).
    static func yesOrNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "on", "1", "always": return true
        case "no", "false", "off", "0", "never": return false
        default: return nil
        }
    }

    /// An http(s) URL with a host, or a `UsageError` naming the option and an example.
    static func baseURL(_ text: String, option: String, example: String = "https://api.tvmaze.com") throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw UsageError(message: "\(option) must be an http(s) URL, for example \(example)")
        }
        return url
    }
}
