import Domain

extension EpisodeGuide {
    /// Mark episodes watched or unwatched: `w` the episode under the cursor (watched ⇄
    /// unwatched), `W` every aired episode from the first up to it, `W` on a season's heading
    /// that season's aired episodes. The answer is the guide
    /// again (`LoadGuide.Response` with `watched` and `watchMessage`).
    package enum MarkWatched {
        /// The episode under the cursor.
        package struct Request: Sendable {
            /// The season number.
            package let season: Int
            /// The episode's position in the season, from 0 (the chart's row).
            package let index: Int
            /// True for `W`: every aired regular episode up to this one, in order.
            package var throughHere = false
            /// True when the cursor is on the specials' column (specials are not marked).
            package var specials = false
            /// True when the cursor is on the season's heading: `W` marks the season's aired
            /// episodes (and no earlier season's), `w` says so.
            package var wholeSeason = false
        }
    }

    /// Take back the last `w` or `W` (`u`): its marks, and the favourite it added.
    package enum UndoWatched {
        /// No parameters.
        package struct Request: Sendable {}
    }
}
