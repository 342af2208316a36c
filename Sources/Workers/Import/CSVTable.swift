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
        var records: [Row] = []
        try Self.records(in: data, file: file) { records.append($0) }
        guard let first = records.first else { throw ImportError(file: file, reason: "empty file: no header line") }
        header = first.fields.map { $0.trimming(.whitespaces) }
        rows = Array(records.dropFirst())
        self.file = file
    }

    /// A table of the header alone, its rows handed over one at a time as they are read rather
    /// than kept (a large file's rows never all in memory at once).
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path, for messages.
    ///   - header: called once with the header's names, before any row.
    ///   - row: called with the table (its header) and each record after the header, in order.
    /// - Throws: what `init(data:file:)` throws, and what `header` or `row` throws.
    static func streaming(data: Data, file: String, header: ([String]) throws -> Void, row: (CSVTable, Row) throws -> Void) throws {
        var table: CSVTable?
        try records(in: data, file: file) { record in
            if let table {
                try row(table, record)
            } else {
                let made = CSVTable(header: record.fields.map { $0.trimming(.whitespaces) }, file: file)
                try header(made.header)
                table = made
            }
        }
        guard table != nil else { throw ImportError(file: file, reason: "empty file: no header line") }
    }

    private init(header: [String], file: String) {
        self.header = header
        rows = []
        self.file = file
    }

    /// Parses CSV bytes record by record (the header first).
    private static func records(in data: Data, file: String, _ emit: (Row) throws -> Void) throws {
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let valid = data.withUnsafeBytes { raw in
            String(validating: UnsafeRawBufferPointer(rebasing: raw[start...]).bindMemory(to: UInt8.self), as: UTF8.self) != nil
        }
        guard valid else {
            // Older IMDb and Windows exports are ISO 8859-1: each byte is the code point of the
            // same number, re-encoded here as UTF-8. A NUL byte means a binary file instead.
            guard !data.contains(0) else { throw ImportError(file: file, reason: "not a text file; is this the right file?") }
            let text = Array(String(String.UnicodeScalarView(data.dropFirst(start).map { Unicode.Scalar($0) })).utf8)
            try text.withUnsafeBufferPointer { try parse($0, file: file, emit) }
            return
        }
        // UTF-8 as it is: read in place, not copied.
        try data.withUnsafeBytes { raw in try parse(UnsafeRawBufferPointer(rebasing: raw[start...]).bindMemory(to: UInt8.self), file: file, emit) }
    }

    /// Parses UTF-8 CSV bytes record by record.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, _ emit: (Row) throws -> Void) throws {
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
        func endRecord() throws {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { try emit(Row(fields: fields, line: recordLine)) }
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
                try endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\n"):
                try endRecord()
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
        if !field.isEmpty || !fields.isEmpty || afterQuote { try endRecord() }
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
