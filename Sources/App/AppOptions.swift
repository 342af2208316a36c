import Domain
import FoundationEssentials
import Scenes
import Workers

/// The parsed command line.
struct AppOptions: Equatable {
    /// Print help and exit.
    var showHelp = false
    /// With `discover-tui help COMMAND`: the command whose help to print.
    var helpTopic: String?
    /// Print the version and exit.
    var showVersion = false
    /// The section to start in: `discover-tui shows` (the default) or `discover-tui places`.
    var section: AppSection = .shows
    /// The TV source.
    var source: TVSourceChoice = .auto
    /// The places source.
    var placesSource: POIsSourceChoice = .auto
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
    /// A snapshot file to use instead of the embedded one.
    var snapshotPath: String?
    /// The TVmaze base URL.
    var tvmazeBase: URL?
    /// The TMDB base URL (`--tmdb-base`, `DISCOVER_TMDB_URL`, `tmdb-url`).
    var tmdbBase: URL?
    /// The country of TVmaze's broadcast schedule, ISO 3166-1 alpha-2 (`--country`,
    /// `DISCOVER_COUNTRY`, `country`, else the locale's territory, else `US`).
    var country = "US"
    /// The streaming services the lists mark (`--services`, `DISCOVER_SERVICES`, `services`); nil for none.
    var services: StreamingServices?
    /// The list the Shows section starts on (`--list`, `DISCOVER_LIST`, `list`).
    var startList: ShowsList = .popular
    /// `discover-tui search QUERY` or `discover-tui show ID|NAME`; nil for the list.
    var command: ShowsCommand?
    /// `discover-tui continue`, `discover-tui watched SHOW`; nil for neither.
    var watchedCommand: WatchedCommand?
    /// `--season N` of `discover-tui watched`.
    var season: Int?
    /// `discover-tui premieres`.
    var listsPremieres = false
    /// `discover-tui upcoming --new`: the favourites' episodes aired since the last look.
    var newOnly = false
    /// `--days N` of `discover-tui premieres`.
    var premiereDays: Int?
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
    /// The colour theme (`--theme`, `DISCOVER_THEME`, `theme`).
    var theme: ThemeChoice = .auto
    /// ASCII only.
    var ascii = false
    /// Mouse reports on (`--mouse`, `DISCOVER_MOUSE`, `mouse`); off by default, so that the
    /// terminal's own selection works.
    var mouse = false
    /// JSON lines when writing to a pipe or file.
    var json = false
    /// With `discover-tui show`: the show's episodes with their ratings (`--episodes`).
    var episodes = false
    /// Neither read nor keep TVmaze answers in the response cache.
    var noCache = false
    /// The day of `discover-tui tonight` (`--date`); nil for today in the viewer's zone.
    var scheduleDate: CalendarDate?
    /// `discover-tui upcoming --ics`: write an iCalendar file instead of the list.
    var ics = false
    /// The `ca-bundle` setting's path (`--ca-bundle`, `DISCOVER_CA_BUNDLE`, `ca-bundle`);
    /// nil when not set.
    var caBundle: String?
    /// Where `caBundle` came from, for `--check`: `--ca-bundle`, `env DISCOVER_CA_BUNDLE`, the
    /// config file's line.
    var caBundleOrigin = ""
    /// The certificate authorities every live request trusts: `caBundle`, else curl's
    /// variables (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`), else libcurl's default.
    var authorities: CertificateAuthorities = .libcurlDefault
    /// No network request at all (`--offline`, or `--source snapshot` without a places
    /// `--source`): shows, episodes, schedules and places from the embedded snapshot.
    var offline = false
    /// `discover-tui --about`: print what the embedded snapshot holds, then exit.
    var showAbout = false

    /// The largest `--radius`, in metres (the largest radius step).
    static let maximumRadiusMeters = 25_000.0

    /// One setting of a layer below the command line: its value, how messages name it
    /// (`DISCOVER_UNITS`, `/home/ana/.config/discover-tui/config line 3: units`) and its origin.
    private typealias Layer = [String: SettingInput]

    /// Parses arguments (without the program name) over the environment over the
    /// configuration file: flags win over the environment, which wins over the file, which
    /// wins over the defaults. Every setting is a row of `settings`.
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
            var layer: Layer = [:]
            for (key, entry) in config.entries {
                let origin = SettingOrigin.configFile(path: config.path, line: entry.line)
                layer[key] = SettingInput(value: entry.value, label: "\(config.path) line \(entry.line): \(key)", flag: nil, origin: origin)
            }
            try apply(layer, to: &options)
        }
        var layer: Layer = [:]
        for row in settings {
            guard let key = row.configKey, let variable = row.environment,
                  let value = environment[variable]?.trimming(.whitespacesAndNewlines), !value.isEmpty else { continue }
            layer[key] = SettingInput(value: value, label: variable, flag: nil, origin: .environment(variable))
        }
        if layer["color"] == nil, let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            layer["color"] = SettingInput(value: "no", label: "NO_COLOR", flag: nil, origin: .environment("NO_COLOR"))
        }
        try apply(layer, to: &options)
        var givenByFlag: Set<String> = []
        var placesOnly: [String] = []
        var rest = arguments[...]
        var sawCommand = false
        var operandCommand: String?
        var operands: [String] = []
        while let arg = rest.popFirst() {
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            if !sawCommand, inline == nil, let command = commands.first(where: { $0.word == arg }) {
                sawCommand = true
                options.section = command.section
                if ["search", "show", "person", "similar", "help"].contains(command.word) { operandCommand = command.word }
                if command.word == "tonight" { options.command = .tonight }
                if command.word == "upcoming" { options.command = .upcoming }
                if command.word == "continue" { options.watchedCommand = .continueList }
                if command.word == "premieres" { options.listsPremieres = true }
                if command.word == "watched" { operandCommand = command.word }
                if command.word == "import" || command.word == "export" {
                    throw UsageError(message: "\(command.word) takes only its own options, after it: discover-tui \(command.usage.dropFirst("discover-tui ".count))")
                }
                continue
            }
            if operandCommand != nil, !arg.hasPrefix("-") || arg == "-" {
                operands.append(arg)
                continue
            }
            guard let row = row(forFlag: name, in: options.section) else {
                if arg.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(shown(arg))'")
                }
                throw UsageError(message: "unexpected argument '\(shown(arg))'")
            }
            let value: String
            if row.value == .none {
                if inline != nil { throw UsageError(message: "\(name) takes no value") }
                value = ""
            } else if let inline {
                value = inline
            } else if let next = rest.popFirst() {
                value = next
            } else {
                throw UsageError(message: "\(name) needs a value")
            }
            try row.apply(&options, SettingInput(value: value, label: name, flag: name, origin: nil))
            givenByFlag.insert(row.name)
            if row.scope == .places { placesOnly.append(name) }
        }
        if givenByFlag.contains("offline") {
            if givenByFlag.contains("tv-source") && options.source != .snapshot {
                throw UsageError(message: "--offline cannot be used with --source \(options.source.rawValue)")
            }
            if givenByFlag.contains("places-source") && options.placesSource != .snapshot {
                throw UsageError(message: "--offline cannot be used with --source \(options.placesSource.rawValue) after 'places'")
            }
        }
        // `--source snapshot` on the command line asks for offline data: places too, unless
        // `places --source` says otherwise.
        if givenByFlag.contains("tv-source") && options.source == .snapshot && !givenByFlag.contains("places-source") {
            options.offline = true
        }
        if options.offline {
            options.source = .snapshot
            options.placesSource = .snapshot
        }
        if options.snapshotPath != nil && options.source.isProvider {
            guard !givenByFlag.contains("tv-source") else {
                throw UsageError(message: "--snapshot cannot be used with --source \(options.source.rawValue)")
            }
            // A live source from the environment or the file gives way to the file named here.
            options.source = .snapshot
        }
        if givenByFlag.contains("date") && options.command != .tonight {
            throw UsageError(message: "--date is an option of the tonight command, for example: discover-tui tonight --date 2020-12-01")
        }
        if options.ics && options.command != .upcoming && !options.listsPremieres {
            throw UsageError(message: "--ics is an option of the upcoming and premieres commands: discover-tui premieres --ics > premieres.ics")
        }
        if options.ics && options.json {
            throw UsageError(message: "--ics writes an iCalendar file; it cannot be used with --json")
        }
        if options.episodes, operandCommand != "show" {
            throw UsageError(message: "--episodes lists one show's episodes, for example: discover-tui show 82 --episodes")
        }
        if options.check && options.json {
            throw UsageError(message: "--check prints a text report; it cannot be used with --json")
        }
        if let first = placesOnly.first, options.section != .places {
            throw UsageError(message: "\(first) is an option of the places command, for example: discover-tui places \(first) …")
        }
        if givenByFlag.contains("near") && givenByFlag.contains("city") {
            throw UsageError(message: "use --near or --city, not both")
        }
        if operandCommand == "help" {
            options.showHelp = true
            guard let topic = operands.first else { return options }
            guard operands.count == 1, commands.contains(where: { $0.word == topic && $0.word != "help" }) else {
                let words = commands.map(\.word).filter { $0 != "help" }.joined(separator: ", ")
                throw UsageError(message: "discover-tui help takes one command, one of \(words) (got '\(shown(operands.joined(separator: " ")))')")
            }
            options.helpTopic = topic
            return options
        }
        if try !checkWatchedCommands(&options, operandCommand: operandCommand, operands: operands), let word = operandCommand {
            let operand = operands.joined(separator: " ").trimming(.whitespaces)
            guard !operand.isEmpty else {
                throw UsageError(message: word == "search" ? "discover-tui search needs a query, for example: discover-tui search taxi"
                                 : word == "person" ? "discover-tui person needs a person's id or name, for example: discover-tui person 27753"
                                 : word == "similar" ? "discover-tui similar needs a show's id or name, for example: discover-tui similar 169"
                                                    : "discover-tui show needs a show's id or name, for example: discover-tui show 169")
            }
            options.command = word == "search" ? .search(operand) : word == "person" ? .person(operand)
                : word == "similar" ? .similar(operand) : .show(operand)
        }
        options.authorities = CertificateAuthorities.resolve(setting: options.caBundle, settingOrigin: options.caBundleOrigin, environment: environment)
        if options.countryOrigin == "default", let (code, variable) = localeTerritory(environment) {
            options.country = code
            options.countryOrigin = variable
        }
        return options
    }

    /// The lists of the Shows section.
    enum ShowsList: String, Equatable, Sendable, CaseIterable {
        /// What is popular now (TVmaze's week of schedules, TMDB's popular list, the snapshot's
        /// recorded week).
        case popular
        /// Every show: TVmaze's index, the whole snapshot (TMDB has no such list).
        case all
    }

    /// A command that finds shows: `discover-tui search QUERY`, `discover-tui show ID|NAME`.
    enum ShowsCommand: Equatable, Sendable {
        /// Search the whole catalogue for a query.
        case search(String)
        /// Open one show: a number is an id of the source, anything else a name.
        case show(String)
        /// Print one person and their shows (`discover-tui person ID|NAME`): a number is an id
        /// of the source, anything else a name.
        case person(String)
        /// Print the shows like one show (`discover-tui similar ID|NAME`).
        case similar(String)
        /// What airs on a day (`discover-tui tonight`).
        case tonight
        /// The favourite shows' next episodes (`discover-tui upcoming`).
        case upcoming
    }

    /// Applies one layer of settings (the file's or the environment's) over the options, in
    /// the table's order.
    private static func apply(_ layer: Layer, to options: inout AppOptions) throws {
        // A TMDB credential is one setting: a layer that gives either replaces both.
        if layer["tmdb-read-access-token"] != nil || layer["tmdb-api-key"] != nil {
            options.tmdbReadAccessToken = nil
            options.tmdbAPIKey = nil
        }
        for row in settings {
            guard let key = row.configKey, let input = layer[key] else { continue }
            let inConfigFile: Bool
            if case .configFile? = input.origin { inConfigFile = true } else { inConfigFile = false }
            if key == "near", let city = layer["city"] {
                throw UsageError(message: "\(input.label) and \(city.label) are both set; use one", inConfigFile: inConfigFile)
            }
            do {
                try row.apply(&options, input)
            } catch var error as UsageError {
                error.inConfigFile = inConfigFile
                throw error
            }
        }
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

    /// A whole number written with the ASCII digits 0–9 only (`500`, `0500`): no sign, space,
    /// decimal point, exponent or `0x` prefix, so `2.5`, `1e3` and `0x10` are refused rather
    /// than read as 3, 1000 or 16.
    /// - Parameter text: the value given to `--radius`.
    /// - Returns: the number, or nil when the text is not only digits or does not fit an `Int`.
    static func wholeMetres(_ text: String) -> Int? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text, radix: 10)
    }

    /// An http(s) URL with a host, or a `UsageError` naming the option and an example.
    static func baseURL(_ text: String, option: String, example: String = "https://api.tvmaze.com") throws -> URL {
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

    /// The `--help` text, written from the settings table. It names the variables and
    /// settings that hold keys, never a key.
    static var helpText: String { HelpText.text }
}
