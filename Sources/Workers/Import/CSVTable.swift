import Domain
import FoundationEssentials

/// A CSV file read by RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180): fields separated by
/// commas, records by CRLF or LF; a field in double quotes may hold commas, line breaks and
/// doubled quotes (`""` is one `"`). A UTF-8 byte order mark before the header is dropped, as
/// are blank lines; text that is not UTF-8 is read as ISO 8859-1. The first record is the header.
struct CSVTable {
    /// One record after the header: its fields and the line it starts on (1-based).
    struct Row {
        /// The fields, in header order (a short record has fewer).
        let fields: [String]
        /// The line the record starts on.
        let line: Int
    }

    /// The header's names, trimmed of spaces.
    let header: [String]
    /// The records after the header.
    let rows: [Row]
    /// The file's path, for messages.
    let file: String

    /// Parses CSV bytes.
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8).
    ///   - file: its path, for messages.
    /// - Throws: `ImportError` for a binary file (a NUL byte), an empty file, a quote that is never
    ///   closed, or text after a closing quote within a field.
    init(data: Data, file: String) throws {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if String(validating: bytes, as: UTF8.self) == nil {
            // Older IMDb and Windows exports are ISO 8859-1: each byte is the code point of the
            // same number, re-encoded here as UTF-8. A NUL byte means a binary file instead.
            guard !bytes.contains(0) else { throw ImportError(file: file, reason: "not a text file; is this the right file?") }
            bytes = Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
        }
        var records: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var i = 0
        var quoted = false
        var afterQuote = false
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            afterQuote = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Row(fields: fields, line: recordLine)) }
            fields.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                        field.append(b)
                        i += 2
                        continue
                    }
                    quoted = false
                    afterQuote = true
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: ","):
                endField()
            case UInt8(ascii: "\r") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n"):
                i += 1
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\n"):
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
                quoted = true
            default:
                if afterQuote {
                    throw ImportError(file: file, line: line, reason: "text after a closing quote within a field")
                }
                field.append(b)
            }
            i += 1
        }
        if quoted { throw ImportError(file: file, line: recordLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
        guard let first = records.first else { throw ImportError(file: file, reason: "empty file: no header line") }
        header = first.fields.map { $0.trimming(.whitespaces) }
        rows = Array(records.dropFirst())
        self.file = file
    }

    /// The index of the first header name among `names` (compared without case).
    /// - Parameter names: the names the column may have.
    /// - Returns: its index, or nil.
    func column(_ names: String...) -> Int? {
        let wanted = Set(names.map { $0.lowercased() })
        return header.firstIndex { wanted.contains($0.lowercased()) }
    }

    /// The index of a column the reader cannot do without.
    /// - Parameters:
    ///   - names: the names the column may have.
    ///   - format: the format's name, for the message.
    /// - Returns: its index.
    /// - Throws: `ImportError` naming the columns expected and found.
    func required(_ names: String..., format: String) throws -> Int {
        let wanted = Set(names.map { $0.lowercased() })
        guard let index = header.firstIndex(where: { wanted.contains($0.lowercased()) }) else {
            throw ImportError(file: file, line: 1, reason: "not a \(format) file: no \(names[0]) column (the columns are \(header.prefix(8).joined(separator: ", ")))")
        }
        return index
    }

    /// A row's field at `index`, trimmed of spaces; empty when the row is short or `index` is nil.
    func value(_ row: Row, _ index: Int?) -> String {
        guard let index, index < row.fields.count else { return "" }
        return row.fields[index].trimming(.whitespaces)
    }
}
