import Domain

/// How far a show is watched, in one line, the same in a show's details, the episode guide's
/// header and `discover-tui watched`: `S1 E5 of 73 · 7 % · next S01E06 ‘A Golden Crown’`.
package enum WatchProgressText {
    /// The furthest watched episode (or how many are watched), the counted episodes, the share
    /// watched, then the next episode to watch (or `caught up`).
    /// - Parameters:
    ///   - progress: the progress.
    ///   - nextName: true to name the next episode after its code (`‘A Golden Crown’`).
    ///   - round: true to start with `rewatching · ` when a new round has started
    ///     (`WatchProgress.isRewatching`).
    /// - Returns: the line.
    package static func line(_ progress: WatchProgress, nextName: Bool = true, round: Bool = false) -> String {
        var parts: [String] = round && progress.isRewatching ? ["rewatching"] : []
        if let furthest = progress.furthest, let number = furthest.number, !furthest.isSpecial {
            parts.append("S\(furthest.season) E\(number) of \(progress.totalCount)")
        } else {
            parts.append("\(progress.watchedCount) of \(progress.totalCount)")
        }
        parts.append("\(progress.percent) %")
        if let next = progress.nextUnwatched {
            parts.append("next " + next.code + (nextName ? " ‘" + ShowFormatting.capped(EpisodeText.title(next)) + "’" : ""))
        } else {
            parts.append("caught up")
        }
        return parts.joined(separator: " · ")
    }
}
