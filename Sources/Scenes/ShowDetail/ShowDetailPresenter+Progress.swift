import Domain

extension ShowDetailPresenter {
    /// `S1 E5 of 73 · 7 % · next S01E06 ‘A Golden Crown’`: the furthest watched episode, the
    /// regular episodes' count, the share watched, then the next unwatched aired episode (or
    /// `caught up`).
    /// - Parameter progress: the progress.
    /// - Returns: the line.
    package nonisolated static func progressLine(_ progress: WatchProgress) -> String {
        var parts: [String] = []
        if let furthest = progress.furthest, let number = furthest.number {
            parts.append("S\(furthest.season) E\(number) of \(progress.totalCount)")
        } else {
            parts.append("\(progress.watchedCount) of \(progress.totalCount)")
        }
        parts.append("\(progress.percent) %")
        if let next = progress.nextUnwatched {
            parts.append("next " + next.code + " ‘" + ShowFormatting.capped(EpisodeText.title(next)) + "’")
        } else {
            parts.append("caught up")
        }
        return parts.joined(separator: " · ")
    }
}
