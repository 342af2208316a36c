/// The line each element of a JSON document's top-level array starts on, so a reader can name
/// the line of an item it cannot read. Strings (with their escapes) are skipped, so brackets
/// inside them do not count.
enum JSONItemLines {
    /// The 1-based start lines of the top-level array's elements; empty when the document is
    /// not an array.
    /// - Parameter bytes: the JSON text.
    static func lines(in bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expectingElement = false
        for b in bytes {
            if b == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            let isSpace = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
            if expectingElement && !isSpace && b != UInt8(ascii: "]") {
                lines.append(line)
                expectingElement = false
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 {
                    guard b == UInt8(ascii: "[") else { return [] }
                    expectingElement = true
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ",") where depth == 1:
                expectingElement = true
            default: break
            }
        }
        return lines
    }
}
