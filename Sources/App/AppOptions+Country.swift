import Domain
import FoundationEssentials
import Scenes
import Workers

extension AppOptions {
    /// A country code as TVmaze's `/schedule?country=` takes it: two ASCII letters (ISO 3166-1
    /// alpha-2), upper-cased.
    /// - Throws: `UsageError` naming the setting for anything else.
    static func countryCode(_ text: String, label: String) throws -> String {
        let code = text.trimming(.whitespaces)
        guard code.unicodeScalars.count == 2, code.unicodeScalars.allSatisfy({ $0.isASCII && ScalarSet.letters.contains($0) }) else {
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
}
