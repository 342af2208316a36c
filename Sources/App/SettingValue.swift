/// How a setting's value is written on the command line.
enum SettingValue: Equatable, Sendable {
    /// A flag without a value (`--json`).
    case none
    /// One of a few words, shown as `auto|tmdb|tvmaze|snapshot`.
    case choice([String])
    /// One of many words, shown by a placeholder (`NAME`) and completed from the words.
    case named(String, choices: [String])
    /// A file's path, shown by a placeholder (`PATH`) and completed as a file.
    case file(String)
    /// Free text, shown by a placeholder (`URL`, `LAT,LON`, `METERS`); not completed.
    case text(String)

    /// The value as the help and the man page write it: `auto|tmdb`, `NAME`, `PATH`; nil for a flag.
    var placeholder: String? {
        switch self {
        case .none: return nil
        case .choice(let words): return words.joined(separator: "|")
        case .named(let name, _), .file(let name), .text(let name): return name
        }
    }

    /// The words a shell completes, when the value is one of known words.
    var words: [String] {
        switch self {
        case .choice(let words), .named(_, let words): return words
        case .none, .file, .text: return []
        }
    }
}
