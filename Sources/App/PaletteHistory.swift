import FoundationEssentials
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// The palette's earlier command lines, one a line in `$XDG_STATE_HOME/discover-tui/palette-history`
/// (default `~/.local/state/discover-tui/palette-history`), newest last, at most `limit`.
/// A file that cannot be read or written only loses the history: the palette works without.
struct PaletteHistory {
    /// The most lines kept.
    static let limit = 100

    /// The file's path, or nil when neither `XDG_STATE_HOME` nor `HOME` is an absolute path.
    let path: String?

    /// The history file of an environment.
    /// - Parameter environment: the environment (`XDG_STATE_HOME`, `HOME`).
    init(environment: [String: String]) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            path = state + "/" + XDGDirectories.appFolder + "/palette-history"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = home + "/.local/state/" + XDGDirectories.appFolder + "/palette-history"
        } else {
            path = nil
        }
    }

    /// The lines kept, oldest first; empty when there is no file or it cannot be read.
    func load() -> [String] {
        guard let path, let data = FileManager.default.contents(atPath: path), data.count <= 64 * 1024,
            let text = String(data: data, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.suffix(Self.limit).map { $0 }
    }

    /// Adds a line (moved to the end when already there) and writes the file.
    /// - Parameters:
    ///   - line: the command line run.
    ///   - lines: the lines before it, oldest first.
    /// - Returns: the lines after it.
    @discardableResult
    func add(_ line: String, to lines: [String]) -> [String] {
        let kept = Array((lines.filter { $0 != line } + [line]).suffix(Self.limit))
        guard let path, !line.isEmpty else { return kept }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? Data((kept.joined(separator: "\n") + "\n").utf8).write(to: URL(filePath: path), options: .atomic)
        return kept
    }
}
