import Domain
import Scenes
import Terminal
import Workers

/// The one line a pipe mode writes on standard error when `auto` gave up live sources, once
/// the output is written: `discover-tui: TVmaze is unreachable (host not found); showing the
/// offline snapshot 2026-07-13`. The screen says the same reasons on its status bar; both read
/// them from the sources' `FallbackSwitch`es, where each is kept once.
enum FallbackNotice {
    /// The line without the program's name.
    /// - Parameters:
    ///   - reasons: why each live source was given up, refusals first.
    ///   - what: what the output is instead, for example `listing the offline snapshot
    ///     2026-07-13`.
    /// - Returns: the line; nil when no source was given up.
    static func line(_ reasons: [SourceError], instead what: String) -> String? {
        guard !reasons.isEmpty else { return nil }
        return CellText(repertoire: .ascii).sanitize(ShowFormatting.reasons(reasons, separator: "; ") + "; " + what)
    }

    /// Writes the line on standard error when a source was given up.
    /// - Parameters:
    ///   - reasons: why each live source was given up, refusals first.
    ///   - what: what the output is instead.
    static func say(_ reasons: [SourceError], instead what: String) {
        if let line = line(reasons, instead: what) { StandardStreams.error(line: line) }
    }
}
