import Domain

/// Why an export file cannot be imported: one line naming the file and, where it is one row,
/// the line (`ratings.csv:14: the Const column is not an IMDb id ('x12')`). Nothing is written
/// when a reader throws it.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path as given.
    public let file: String
    /// The 1-based line, or nil when the fault is the file's as a whole.
    public let line: Int?
    /// What is wrong, in a few words (no file or line in it).
    public let reason: String

    /// Makes an error.
    /// - Parameters:
    ///   - file: the file's path.
    ///   - line: the line, or nil.
    ///   - reason: what is wrong.
    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, or `file: reason`.
    public var description: String { line.map { "\(file):\($0): \(reason)" } ?? "\(file): \(reason)" }
}
