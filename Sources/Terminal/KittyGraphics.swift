/// The kitty graphics protocol (<https://sw.kovidgoyal.net/kitty/graphics-protocol/>): the
/// query that tells whether a terminal draws pictures this way, the sequences that show a
/// picture at the cursor and delete the pictures shown, and where it is not offered.
///
/// A command is APC `G keys ; payload` then ST (`ESC _ G … ESC \`). A picture is sent as raw
/// RGB (`f=24`) in base64, in chunks of at most 4096 bytes (`m=1` on all but the last, `m=0` on
/// it; only the first carries the other keys), transmitted and shown at once (`a=T`), scaled by
/// the terminal to `c` columns and `r` rows, without moving the cursor (`C=1`), with no reply
/// (`q=2`).
public enum KittyGraphics {
    /// The query: a 1 × 1 RGB picture to check, never stored (`a=q`), then DA1 (`ESC [ c`),
    /// which every terminal answers, and in order, so that its answer coming first says the
    /// terminal does not draw kitty pictures. A terminal that does answers
    /// `ESC _ G i=31;OK ESC \` before.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// Deletes every picture shown and frees its data (`a=d,d=A`).
    public static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// The longest base64 payload of one command, in bytes.
    public static let chunkSize = 4096

    /// Why the protocol cannot be used where the app runs, or nil when it can be asked: tmux
    /// (`TMUX`, or a `TERM` of `tmux…`), GNU screen (`STY`, or a `TERM` of `screen…`) and mosh
    /// (a `MOSH…` variable, or `mosh` in `TERM`) do not pass it on.
    /// - Parameter environment: the process's environment.
    /// - Returns: the name of what is in between (`tmux`, `GNU screen`, `mosh`).
    public static func multiplexer(environment: [String: String]) -> String? {
        let term = (environment["TERM"] ?? "").lowercased()
        if !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("tmux") { return "tmux" }
        if !(environment["STY"] ?? "").isEmpty || term.hasPrefix("screen") { return "GNU screen" }
        if environment.keys.contains(where: { $0.hasPrefix("MOSH") }) || term.contains("mosh") { return "mosh" }
        return nil
    }

    /// The commands that show a picture of RGB pixels at the cursor.
    /// - Parameters:
    ///   - rgb: `width × height × 3` bytes of packed RGB.
    ///   - width: pixels across.
    ///   - height: pixels down.
    ///   - columns: cells across the picture fills.
    ///   - rows: cells down the picture fills.
    ///   - source: the part of the picture shown, in pixels (`x`, `y`, `w`, `h`), or nil for all.
    /// - Returns: the bytes, chunked.
    public static func show(
        rgb: [UInt8], width: Int, height: Int, columns: Int, rows: Int, source: (x: Int, y: Int, w: Int, h: Int)? = nil
    ) -> [UInt8] {
        var keys = "a=T,f=24,s=\(width),v=\(height),c=\(columns),r=\(rows),C=1,q=2"
        if let source { keys += ",x=\(source.x),y=\(source.y),w=\(source.w),h=\(source.h)" }
        let payload = base64(rgb)
        var out: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(payload.count, offset + chunkSize)
            let more = end < payload.count ? 1 : 0
            let head = offset == 0 ? "\(keys),m=\(more)" : "m=\(more)"
            out += Array("\u{1B}_G\(head);".utf8)
            out += payload[offset..<end]
            out += Array("\u{1B}\\".utf8)
            offset = end
        } while offset < payload.count
        return out
    }

    /// Standard base64 (RFC 4648 §4) with `=` padding.
    /// - Parameter bytes: the bytes.
    /// - Returns: the encoded bytes, `4 × ⌈n / 3⌉` of them.
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = Int(bytes[i])
            let b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[(b0 & 3) << 4 | b1 >> 4])
            out.append(i + 1 < bytes.count ? alphabet[(b1 & 15) << 2 | b2 >> 6] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[b2 & 63] : UInt8(ascii: "="))
            i += 3
        }
        return out
    }
}
