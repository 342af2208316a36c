import Domain
import FoundationEssentials
import Scenes
import Workers

/// The parsed command line: the command and what it asks for, with the settings in groups,
/// each checking its own options (`tv`: where shows come from; `places`: the Places section's;
/// `output`: how the program writes; `schedule`: the listing commands'). A group's fields read
/// and write as the options' own (`options.near` is `options.places.near`), so the settings
/// table's rows set them by name.
@dynamicMemberLookup
struct AppOptions: Equatable {
    /// Print help and exit.
    var showHelp = false
    /// With `discover-tui help COMMAND`: the command whose help to print.
    var helpTopic: String?
    /// Print the version and exit.
    var showVersion = false
    /// The section to start in: `discover-tui shows` (the default) or `discover-tui places`.
    var section: AppSection = .shows
    /// `discover-tui search QUERY` or `discover-tui show ID|NAME`; nil for the list.
    var command: ShowsCommand?
    /// `discover-tui continue`, `discover-tui watched SHOW`; nil for neither.
    var watchedCommand: WatchedCommand?
    /// `discover-tui rate`, `ratings`, `watched SHOW --mark SxxEyy | --json`; nil for none.
    var ratingCommand: RatingCommand?
    /// Check the configuration and each source's reachability, then exit (`--check`).
    var check = false
    /// `discover-tui --about`: print what the embedded snapshot holds, then exit.
    var showAbout = false
    /// No network request at all (`--offline`, or `--source snapshot` without a places
    /// `--source`): shows, episodes, schedules and places from the embedded snapshot.
    var offline = false
    /// The `ca-bundle` setting's path (`--ca-bundle`, `DISCOVER_CA_BUNDLE`, `ca-bundle`);
    /// nil when not set.
    var caBundle: String?
    /// Where `caBundle` came from, for `--check`: `--ca-bundle`, `env DISCOVER_CA_BUNDLE`, the
    /// config file's line.
    var caBundleOrigin = ""
    /// The certificate authorities every live request trusts: `caBundle`, else curl's
    /// variables (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`), else libcurl's default.
    var authorities: CertificateAuthorities = .libcurlDefault

    /// Where shows come from.
    var tv = TVSourceOptions()
    /// The Places section's options.
    var places = PlacesOptions()
    /// How the program writes.
    var output = OutputOptions()
    /// The options of tonight, upcoming, premieres and watched.
    var schedule = ScheduleOptions()

    /// A field of `tv` (`options.source`, `options.tmdbCredential`).
    subscript<Value>(dynamicMember field: WritableKeyPath<TVSourceOptions, Value>) -> Value {
        get { tv[keyPath: field] }
        set { tv[keyPath: field] = newValue }
    }

    /// A computed property of `tv` (`options.tmdbCredential`).
    subscript<Value>(dynamicMember field: KeyPath<TVSourceOptions, Value>) -> Value { tv[keyPath: field] }

    /// A field of `places` (`options.near`).
    subscript<Value>(dynamicMember field: WritableKeyPath<PlacesOptions, Value>) -> Value {
        get { places[keyPath: field] }
        set { places[keyPath: field] = newValue }
    }

    /// A field of `output` (`options.json`).
    subscript<Value>(dynamicMember field: WritableKeyPath<OutputOptions, Value>) -> Value {
        get { output[keyPath: field] }
        set { output[keyPath: field] = newValue }
    }

    /// A field of `schedule` (`options.season`).
    subscript<Value>(dynamicMember field: WritableKeyPath<ScheduleOptions, Value>) -> Value {
        get { schedule[keyPath: field] }
        set { schedule[keyPath: field] = newValue }
    }

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
    ///   - environment: the environment (the variables of `SettingsTable.environmentVariables`, and
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
        for row in SettingsTable.settings {
            guard let key = row.configKey, let variable = row.environment,
                let value = environment[variable]?.trimming(.whitespacesAndNewlines), !value.isEmpty
            else { continue }
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
            if !sawCommand, inline == nil, let command = CommandTable.commands.first(where: { $0.word == arg }) {
                sawCommand = true
                options.section = command.section
                if ["search", "show", "person", "similar", "help"].contains(command.word) { operandCommand = command.word }
                if command.word == "tonight" { options.command = .tonight }
                if command.word == "upcoming" { options.command = .upcoming }
                if command.word == "continue" { options.watchedCommand = .continueList }
                if command.word == "premieres" { options.listsPremieres = true }
                if command.word == "stats" { options.listsStats = true }
                if command.word == "route" { options.routes = true }
                if ["watched", "rate", "ratings"].contains(command.word) { operandCommand = command.word }
                if ["import", "export", "mirror"].contains(command.word) {
                    throw UsageError(message: "\(command.word) takes only its own options, after it: discover-tui \(command.usage.dropFirst("discover-tui ".count))")
                }
                continue
            }
            // A negative number after `rate` is a rating out of range, not an option.
            if operandCommand != nil, !arg.hasPrefix("-") || arg == "-" || (operandCommand == "rate" && Int(arg) != nil) {
                operands.append(arg)
                continue
            }
            guard let row = SettingsTable.row(forFlag: name, in: options.section) else {
                if arg.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(SettingsTable.shown(arg))'")
                }
                throw UsageError(message: "unexpected argument '\(SettingsTable.shown(arg))'")
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
        try options.tv.validate(givenByFlag: givenByFlag)
        try options.schedule.validate(command: options.command, givenByFlag: givenByFlag, json: options.json)
        try options.output.validate(operandCommand: operandCommand, check: options.check, ics: options.ics)
        if options.short && options.tsv {
            throw UsageError(message: "--short prints one line an episode; it cannot be used with --tsv")
        }
        try options.places.validate(section: options.section, placesOnlyFlags: placesOnly, givenByFlag: givenByFlag)
        if operandCommand == "help" {
            options.showHelp = true
            guard let topic = operands.first else { return options }
            guard operands.count == 1, topic == "keys" || CommandTable.commands.contains(where: { $0.word == topic && $0.word != "help" }) else {
                let words = (CommandTable.commands.map(\.word).filter { $0 != "help" } + ["keys"]).joined(separator: ", ")
                throw UsageError(message: "discover-tui help takes one command, one of \(words) (got '\(SettingsTable.shown(operands.joined(separator: " ")))')")
            }
            options.helpTopic = topic
            return options
        }
        let watched = try options.schedule.watchedCommand(command: options.command, operandCommand: operandCommand, operands: operands)
        if let rating = try options.schedule.ratingCommand(operandCommand: operandCommand, operands: operands, json: options.json) {
            options.ratingCommand = rating
        } else if let watched {
            options.watchedCommand = watched
        } else if let word = operandCommand {
            let operand = operands.joined(separator: " ").trimming(.whitespaces)
            guard !operand.isEmpty else {
                throw UsageError(
                    message: word == "search"
                        ? "discover-tui search needs a query, for example: discover-tui search taxi"
                        : word == "person"
                            ? "discover-tui person needs a person's id or name, for example: discover-tui person 27753"
                            : word == "similar"
                                ? "discover-tui similar needs a show's id or name, for example: discover-tui similar 169"
                                : "discover-tui show needs a show's id or name, for example: discover-tui show 169")
            }
            options.command =
                word == "search"
                ? .search(operand)
                : word == "person"
                    ? .person(operand)
                    : word == "similar" ? .similar(operand) : .show(operand)
        }
        options.authorities = CertificateAuthorities.resolve(setting: options.caBundle, settingOrigin: options.caBundleOrigin, environment: environment)
        options.tv.settleCountry(environment: environment)
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
        for row in SettingsTable.settings {
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

    /// The commands, in the order the help lists them (`CommandTable.commands`).
    static var commands: [CommandRow] { CommandTable.commands }

    /// The settings table (`SettingsTable.settings`).
    static var settings: [SettingRow] { SettingsTable.settings }

    /// The config file's keys, in the table's order, and which hold secrets.
    static var configSchema: ConfigFile.Schema { SettingsTable.configSchema }

    /// The `--help` text, written from the settings table. It names the variables and
    /// settings that hold keys, never a key.
    static var helpText: String { HelpText.text }
}
