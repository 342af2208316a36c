import Domain
import FoundationEssentials
import Scenes
import Workers

/// The options of where shows come from: the TV source, its base URLs and credential, the
/// snapshot file, the broadcast schedule's country, the streaming services, the start list and
/// the response cache. A part of `AppOptions` (its fields read as `options.source`).
struct TVSourceOptions: Equatable {
    /// The TV source.
    var source: SourceChoice = .auto
    /// A snapshot file to use instead of the embedded one.
    var snapshotPath: String?
    /// The TVmaze base URL.
    var tvmazeBase: URL?
    /// Whether the full screen refreshes the mirror of TVmaze's index in the background, at most
    /// once a day (`keep-mirror-fresh`, `DISCOVER_KEEP_MIRROR_FRESH`); off by default.
    var keepsMirrorFresh = false
    /// The TMDB base URL (`--tmdb-base`, `DISCOVER_TMDB_URL`, `tmdb-url`).
    var tmdbBase: URL?
    /// The TMDB read access token, from the highest layer that sets a TMDB credential.
    var tmdbReadAccessToken: ConfiguredSecret?
    /// The TMDB API key, from the highest layer that sets a TMDB credential.
    var tmdbAPIKey: ConfiguredSecret?
    /// The country of TVmaze's broadcast schedule, ISO 3166-1 alpha-2 (`--country`,
    /// `DISCOVER_COUNTRY`, `country`, else the locale's territory, else `US`).
    var country = "US"
    /// Where `country` came from, for `--check`: `--country`, a variable, the file, `LANG`, or
    /// `default`.
    var countryOrigin = "default"
    /// The streaming services the lists mark (`--services`, `DISCOVER_SERVICES`, `services`); nil for none.
    var services: StreamingServices?
    /// The list the Shows section starts on (`--list`, `DISCOVER_LIST`, `list`).
    var startList: AppOptions.ShowsList = .popular
    /// Neither read nor keep TVmaze answers in the response cache.
    var noCache = false

    /// The TMDB credential to use: the read access token when one is set, else the API key.
    var tmdbCredential: TMDBCredential? {
        if let token = tmdbReadAccessToken { return .readAccessToken(token.value) }
        if let key = tmdbAPIKey { return .apiKey(key.value) }
        return nil
    }

    /// The TMDB secret in use, for saying where it came from.
    var tmdbSecret: ConfiguredSecret? { tmdbReadAccessToken ?? tmdbAPIKey }

    /// Checks the snapshot file against the source: `--snapshot` cannot be used with a live
    /// `--source`; a live source from the environment or the file gives way to it.
    /// - Parameter givenByFlag: the settings the command line gave (`tv-source`).
    /// - Throws: `UsageError` for `--snapshot` with `--source tmdb|tvmaze`.
    mutating func validate(givenByFlag: Set<String>) throws {
        guard snapshotPath != nil && source.isProvider else { return }
        guard !givenByFlag.contains("tv-source") else {
            throw UsageError(message: "--snapshot cannot be used with --source \(source.rawValue)")
        }
        source = .snapshot
    }

    /// Takes the country from the locale when no layer set one (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    /// - Parameter environment: the environment.
    mutating func settleCountry(environment: [String: String]) {
        guard countryOrigin == "default", let (code, variable) = Self.localeTerritory(environment) else { return }
        country = code
        countryOrigin = variable
    }

    /// A country code as TVmaze's `/schedule?country=` takes it: two ASCII letters (ISO 3166-1
    /// alpha-2), upper-cased.
    /// - Throws: `UsageError` naming the setting for anything else.
    static func countryCode(_ text: String, label: String) throws -> String {
        let code = text.trimming(.whitespaces)
        guard code.unicodeScalars.count == 2, code.unicodeScalars.allSatisfy({ $0.isASCII && ScalarSet.letters.contains($0) }) else {
            throw UsageError(message: "\(label) must be a two-letter country code such as GB or US (got '\(SettingsTable.shown(text))')")
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
}
