import FoundationEssentials

/// Where a JSON text (RFC 8259) first goes wrong, for the one line an import prints about a
/// damaged file: `watched.json:12:7: not valid JSON: expected ',' or '}' after a member`.
/// It checks the syntax only; what the values mean is the readers' business.
enum JSONSyntax {
    /// The first fault: its 1-based line and column (in characters) and what is wrong.
    struct Fault: Error, Equatable {
        /// The line, from 1.
        let line: Int
        /// The column, from 1, counted in characters (UTF-8 sequences), not bytes.
        let column: Int
        /// What is wrong, in a few words.
        let reason: String
    }

    /// The deepest nesting checked; deeper is a fault rather than a deep recursion.
    static let maximumDepth = 512

    /// The first syntax fault of a JSON text.
    /// - Parameter bytes: the text, UTF-8 (a byte order mark before it is skipped).
    /// - Returns: the fault; nil when the text is valid JSON.
    static func firstFault(in bytes: [UInt8]) -> Fault? {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            scanner.index = 3
            scanner.lineStart = 3
        }
        do {
            scanner.skipSpace()
            guard scanner.index < bytes.count else { throw scanner.fault("the file is empty") }
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.index < bytes.count { throw scanner.fault("text after the end of the JSON") }
            return nil
        } catch let fault as Fault {
            return fault
        } catch {
            return nil
        }
    }

    /// A recursive-descent reader that keeps its place.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        func fault(_ reason: String) -> Fault {
            let upTo = min(index, bytes.count)
            let column = bytes[lineStart..<upTo].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return Fault(line: line, column: column, reason: reason)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                case 0x20, 0x09, 0x0D: index += 1
                default: return
                }
            }
        }

        private func described(_ byte: UInt8) -> String {
            byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "a byte \(byte)"
        }

        mutating func value(depth: Int) throws {
            guard depth < JSONSyntax.maximumDepth else { throw fault("nested more than \(JSONSyntax.maximumDepth) deep") }
            skipSpace()
            guard index < bytes.count else { throw fault("the file ends where a value is expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), members: true, depth: depth)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), members: false, depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case let other: throw fault("unexpected \(described(other)) where a value is expected")
            }
        }

        private mutating func container(close: UInt8, members: Bool, depth: Int) throws {
            let what = members ? "member" : "item"
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == close {
                index += 1
                return
            }
            while true {
                skipSpace()
                if members {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fault("expected a quoted name") }
                    try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fault("expected ':' after a name") }
                    index += 1
                }
                try value(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw fault("the file ends inside \(members ? "an object" : "an array")") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == close {
                    index += 1
                    return
                }
                throw fault("expected ',' or '\(Character(Unicode.Scalar(close)))' after \(members ? "a" : "an") \(what)")
            }
        }

        private mutating func string() throws {
            let start = (index, line, lineStart)
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte < 0x20 { throw fault("a control character or line break inside a string") }
                index += 1
            }
            (index, line, lineStart) = start
            throw fault("a string is never closed")
        }

        private mutating func number() throws {
            let start = index
            while index < bytes.count, let c = Optional(bytes[index]),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                    || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
            {
                index += 1
            }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            guard Double(token) != nil, !token.hasPrefix("+"), !token.hasPrefix("-."), !token.hasPrefix("."), !token.hasSuffix(".") else {
                index = start
                throw fault("'\(token)' is not a number")
            }
        }

        private mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw fault("unexpected \(described(bytes[index])) where a value is expected")
            }
            index += expected.count
        }
    }
}
