import Scenes
import Terminal

/// The header's breadcrumb: the section's scenes' titles, bottom first, each shortened by the
/// one before it, and cut from the left to the room there is.
@MainActor
enum Breadcrumb {
    /// The scenes' titles as the breadcrumb shows them: a title that starts with the one before
    /// it loses that part (`Game of Thrones › episodes`, not `Game of Thrones › Game of
    /// Thrones: episodes`), and one left empty, or the same as the one before, is dropped.
    /// - Parameter titles: the section's scenes' titles, bottom first.
    /// - Returns: the breadcrumb's parts.
    static func parts(_ titles: [String]) -> [String] {
        var parts: [String] = []
        // A scene that names a page of its own in its title (`Places near … › Café`) gives
        // two parts, so that the page's name is the one kept when the path is cut.
        for title in titles.flatMap({ $0.split(separator: " › ", omittingEmptySubsequences: true).map(String.init) }) {
            guard let previous = parts.last, !previous.isEmpty, title.hasPrefix(previous) else {
                parts.append(title)
                continue
            }
            var rest = Substring(title.dropFirst(previous.count))
            while let first = rest.first, first == " " || first == ":" || first == "·" || first == "-" || first == "–" || first == "," {
                rest = rest.dropFirst()
            }
            if !rest.isEmpty { parts.append(String(rest)) }
        }
        return parts
    }

    /// The breadcrumb cut to `room` cells from the left, so that the scene on top stays named:
    /// the first parts give way to `…` one by one, and only the last part alone is cut at its end.
    static func shortened(_ parts: [String], separator: String, room: Int, text: CellText) -> String {
        let whole = parts.joined(separator: separator)
        guard text.width(whole) > room, room > 0 else { return whole }
        let ellipsis = text.repertoire == .unicode ? "…" : "..."
        for start in 1..<max(1, parts.count) {
            let candidate = ellipsis + separator + parts[start...].joined(separator: separator)
            if text.width(candidate) <= room { return candidate }
        }
        return text.truncate(parts.last ?? whole, toCells: room)
    }
}
