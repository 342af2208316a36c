/// One row of the settings table: everything about one setting, declared once. The table
/// parses flags, the environment and the config file, writes `--help`, the man page and the
/// shell completions, names the config file's keys, and gives `--check` its variable names.
struct SettingRow: Sendable {
    /// Where a flag is accepted.
    enum Scope: Sendable, Equatable {
        /// Before or without a command, or after `shows`.
        case general
        /// After `places` only.
        case places
    }

    /// The setting's name: its config file key when it has one (`tv-source`), else its flag's
    /// name (`check`).
    let name: String
    /// Where its flags are accepted.
    let scope: Scope
    /// The flags shown in the help, the first being the main one (`["-h", "--help"]`).
    let flags: [String]
    /// Flags also accepted but not shown (`--colour`).
    let aliases: [String]
    /// How the flag's value is written.
    let value: SettingValue
    /// The environment variable, if any.
    let environment: String?
    /// The config file key, if any (the same as `name` then).
    var configKey: String? { inLayers ? name : nil }
    /// How the environment and the file write the value when it differs from the flag's
    /// (`yes|no` for `color`); nil when the same.
    let layerValue: String?
    /// True when the value is a key or token: never shown, and the file should be mode 600.
    let isSecret: Bool
    /// The default, in words, or nil when there is nothing to say.
    let defaultText: String?
    /// What it does, in a few words (no trailing full stop).
    let help: String
    /// Sets the options from a flag, an environment variable or a config line; throws
    /// `UsageError` worded with the input's label.
    let apply: @Sendable (inout AppOptions, SettingInput) throws -> Void
    private let inLayers: Bool

    /// Makes a row.
    /// - Parameters:
    ///   - name: the config key, or the flag's name for a setting only flags give.
    ///   - scope: where its flags are accepted.
    ///   - flags: the flags shown, main one first; empty for a setting only the environment
    ///     and the file give.
    ///   - aliases: flags accepted but not shown.
    ///   - value: how the flag's value is written.
    ///   - environment: the environment variable.
    ///   - configKey: true when the config file may give it (under `name`).
    ///   - layerValue: how the environment and the file write the value, when unlike the flag.
    ///   - secret: true for a key or token.
    ///   - defaultText: the default, in words.
    ///   - help: what it does.
    ///   - apply: sets the options from one input.
    init(
        _ name: String, scope: Scope = .general, flags: [String] = [], aliases: [String] = [], value: SettingValue = .none,
        environment: String? = nil, configKey: Bool = false, layerValue: String? = nil, secret: Bool = false,
        defaultText: String? = nil, help: String, apply: @escaping @Sendable (inout AppOptions, SettingInput) throws -> Void
    ) {
        self.name = name
        self.scope = scope
        self.flags = flags
        self.aliases = aliases
        self.value = value
        self.environment = environment
        self.inLayers = configKey
        self.layerValue = layerValue
        self.isSecret = secret
        self.defaultText = defaultText
        self.help = help
        self.apply = apply
    }

    /// True when `flag` is one of the row's flags or aliases.
    func accepts(_ flag: String) -> Bool { flags.contains(flag) || aliases.contains(flag) }

    /// The row as the help's first column writes it: `--source auto|tmdb|tvmaze|snapshot`,
    /// `--color, --no-color`, `-h, --help`.
    var synopsis: String {
        flags.joined(separator: ", ") + (value.placeholder.map { " " + $0 } ?? "")
    }

    /// The help's sentence with the default and the environment variable:
    /// `where shows come from (default auto: …; also DISCOVER_SOURCE)`.
    var fullHelp: String {
        var notes: [String] = []
        if let defaultText { notes.append("default \(defaultText)") }
        if let environment { notes.append("also \(environment)\(layerValue.map { "=" + $0 } ?? "")") }
        return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
    }
}
