import Domain

extension ShowDetailPresenter {
    /// `S1 E5 of 73 · 7 % · next S01E06 ‘A Golden Crown’`: the furthest watched episode, the
    /// counted episodes, the share watched, then the next episode to watch (or `caught up`)
    /// (`WatchProgressText`).
    /// - Parameter progress: the progress.
    /// - Returns: the line.
    package nonisolated static func progressLine(_ progress: WatchProgress) -> String {
        WatchProgressText.line(progress)
    }

    /// The details' `Watched` line: `progressLine`, led by `rewatching · ` when a new round
    /// has started.
    /// - Parameter progress: the progress.
    /// - Returns: the line.
    package nonisolated static func watchedLine(_ progress: WatchProgress) -> String {
        WatchProgressText.line(progress, round: true)
    }

    /// The `Rating` fact: the source's rating, then the person's beside it (`8.5 / 10 · you
    /// 8`); nil when neither is known.
    /// - Parameters:
    ///   - source: the source's rating, 0–10, or nil.
    ///   - yours: the person's, or nil.
    package nonisolated static func ratingFact(_ source: Double?, yours: UserRating?) -> String? {
        let parts = [source.map { ShowFormatting.rating($0) + " / 10" }, yours.map { "you \($0)" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
