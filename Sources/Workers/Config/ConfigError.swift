#if canImport(Glibc)
    import Glibc
#endif

/// A mistake in the configuration file: the file, the line (from 1; nil for the file as a
/// whole) and what is wrong, for a message such as
/// `/home/ana/.config/discover-tui/config line 3: unknown key 'colour'`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public let path: String
    /// The line, from 1; nil when the whole file is concerned (unreadable, too large).
    public let line: Int?
    /// What is wrong, in a few words.
    public let message: String

    /// Makes an error.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - line: the line, from 1, or nil.
    ///   - message: what is wrong.
    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `PATH line N: message`, or `PATH: message`.
    public var description: String {
        line.map { "\(path) line \($0): \(message)" } ?? "\(path): \(message)"
    }
}
