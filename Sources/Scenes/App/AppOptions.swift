import Foundation
import Workers

/// A command-line mistake: the message to print before the usage hint; exit status 2.
struct UsageError: Error, Equatable {
    /// What was wrong, in one line.
    let message: String
}

/// Which TV source to use.
enum TVSourceChoice: String, Sendable, CaseIterable {
    /// TVmaze live, else the embedded snapshot.
    case auto
    /// TVmaze live only.
    case tvmaze
    /// The embedded snapshot (or `--snapshot PATH`) only.
    case snapshot
}

/// The parsed command line.
struct AppOptions: Equatable {
    /// Print help and exit.
    var showHelp = false
    /// Print the version and exit.
    var showVersion = false
    /// The TV source.
    var source: TVSourceChoice = .auto
    /// A snapshot file to use instead of the embedded one.
    var snapshotPath: String?
    /// The TVmaze base URL.
    var tvmazeBase: URL?
    /// Colour off.
    var noColor = false
    /// ASCII only.
    var ascii = false
    /// JSON lines when writing to a pipe or file.
    var json = false

    /// Parses arguments (without the program name) and the environment.
    /// - Parameters:
    ///   - arguments: the arguments, for example `["--source", "snapshot"]`.
    ///   - environment: the environment (for `DISCOVER_TVMAZE_URL`, `NO_COLOR`).
    /// - Returns: the options.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value.
    static func parse(_ arguments: [String], environment: [String: String]) throws -> AppOptions {
        var options = AppOptions()
        if let base = environment["DISCOVER_TVMAZE_URL"], !base.isEmpty {
            options.tvmazeBase = try baseURL(base, option: "DISCOVER_TVMAZE_URL")
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { options.noColor = true }
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
            switch name {
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            case "--source":
                let v = try argValue()
                guard let choice = TVSourceChoice(rawValue: v) else {
                    throw UsageError(message: "--source must be one of auto, tvmaze, snapshot (got '\(v)')")
                }
                options.source = choice
            case "--snapshot":
                let v = try argValue()
                guard !v.isEmpty else { throw UsageError(message: "--snapshot needs a file path") }
                options.snapshotPath = v
            case "--api-base":
                options.tvmazeBase = try baseURL(try argValue(), option: "--api-base")
            case "--no-color", "--no-colour": options.noColor = true
            case "--ascii": options.ascii = true
            case "--json": options.json = true
            case "shows" where !sawCommand:
                sawCommand = true
            default:
                if arg.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(arg)'")
                }
                throw UsageError(message: "unexpected argument '\(arg)'")
            }
        }
        if options.snapshotPath != nil && options.source == .tvmaze {
            throw UsageError(message: "--snapshot cannot be used with --source tvmaze")
        }
        return options
    }

    private static func baseURL(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw UsageError(message: "\(option) must be an http(s) URL, for example https://api.tvmaze.com")
        }
        return url
    }

    /// The `--help` text.
    static let helpText = """
    discover \(AppIdentity.version) - browse popular TV shows in the terminal

    Usage: discover [shows] [options]

    Options:
      --source auto|tvmaze|snapshot  where shows come from (default auto: TVmaze live,
                                     else the offline snapshot built into the program)
      --snapshot PATH                use a JSON file shaped like TVmaze's /shows?page=N
                                     instead of the built-in snapshot
      --api-base URL                 TVmaze base URL (default https://api.tvmaze.com;
                                     also DISCOVER_TVMAZE_URL)
      --no-color                     no colour (also NO_COLOR=1)
      --ascii                        ASCII only, for terminals without UTF-8
      --json                         with output to a pipe or file: JSON lines
      -h, --help                     this help
      -V, --version                  the version

    Keys: arrows or j/k move, Enter opens, / filters, Esc goes back, ? shows all keys, q quits.
    When standard output is not a terminal, the list is printed as plain text.

    Exit status: 0 on quit, 1 on a runtime error, 2 on a usage error, 128+n on signal n.

    Data from TVmaze.com (CC BY-SA 4.0), https://www.tvmaze.com
    """
}
