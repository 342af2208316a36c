import Domain
import FoundationEssentials

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
    /// The 1-based column within the line (a JSON file's fault), or nil.
    public let column: Int?

    /// Makes an error.
    /// - Parameters:
    ///   - file: the file's path.
    ///   - line: the line, or nil.
    ///   - column: the column within the line, or nil.
    ///   - reason: what is wrong.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: reason`, `file:line: reason`, or `file: reason`.
    public var description: String {
        guard let line else { return "\(file): \(reason)" }
        return column.map { "\(file):\(line):\($0): \(reason)" } ?? "\(file):\(line): \(reason)"
    }

    /// The fault of a file that begins as JSON (`[` or `{` first) and is not valid JSON
    /// (`file:12:7: not valid JSON: …`), or nil when its syntax is right or it is no JSON at all
    /// (so another reason applies).
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    static func jsonSyntax(_ data: Data, file: String) -> ImportError? {
        let skipped: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF]
        let first = data.first { !skipped.contains($0) }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return nil }
        return JSONSyntax.firstFault(in: [UInt8](data)).map { ImportError(file: file, line: $0.line, column: $0.column, reason: "not valid JSON: \($0.reason)") }
    }
}
