/// File-system paths as plain strings, joined and split on `/` the way POSIX paths are
/// (POSIX.1-2017, 3.271 "Pathname"), with the standard library alone.
///
/// They behave as `NSString`'s `appendingPathComponent` and `deletingLastPathComponent` do on
/// the paths this program builds: repeated and trailing slashes are dropped, `/` stays `/`.
enum FilePaths {
    /// `base` followed by `component`, one `/` between them: `("/home/ana/", "discover-tui")` →
    /// `/home/ana/discover-tui`; an empty base gives the component alone.
    /// - Parameters:
    ///   - base: a folder's path, absolute or relative.
    ///   - component: a name or a relative path.
    /// - Returns: the joined path, without a trailing `/` (unless it is `/`).
    static func join(_ base: String, _ component: String) -> String {
        let joined = base.isEmpty ? component : (component.isEmpty ? base : base + "/" + component)
        return standardSlashes(joined)
    }

    /// The folder that holds `path`: `/a/b` → `/a`, `/a` → `/`, `a` → `` (empty), `/` → `/`.
    /// - Parameter path: a path.
    /// - Returns: the path without its last component.
    static func parent(of path: String) -> String {
        let clean = standardSlashes(path)
        guard clean != "/" else { return "/" }
        guard let slash = clean.lastIndex(of: "/") else { return "" }
        return slash == clean.startIndex ? "/" : String(clean[..<slash])
    }

    /// The path with runs of `/` made one and any trailing `/` dropped.
    private static func standardSlashes(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        var lastWasSlash = false
        for character in path {
            if character == "/" {
                if !lastWasSlash { out.append("/") }
                lastWasSlash = true
            } else {
                out.append(character)
                lastWasSlash = false
            }
        }
        if out.count > 1, out.hasSuffix("/") { out.removeLast() }
        return out
    }
}
