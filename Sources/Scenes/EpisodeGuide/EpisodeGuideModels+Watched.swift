import Domain

extension EpisodeGuide {
    /// Mark episodes watched: `w` the episode under the cursor (watched already: one more
    /// play), `W` every aired episode from the first up to it, `W` on a season's heading that
    /// season's aired episodes. The answer is the guide again (`LoadGuide.Response` with
    /// `plays` and `watchMessage`).
    package enum MarkWatched {
        /// The episode under the cursor.
        package struct Request: Sendable {
            /// The season number.
            package let season: Int
            /// The episode's position in the season (or among the specials), from 0 (the
            /// chart's row).
            package let index: Int
            /// True for `W`: every aired regular episode up to this one, in order.
            package var throughHere = false
            /// True when the cursor is on the specials' column (`w` marks a special; `W` says
            /// to use `w`).
            package var specials = false
            /// True when the cursor is on the season's heading: `W` marks the season's aired
            /// episodes (and no earlier season's), `w` says so.
            package var wholeSeason = false
        }
    }

    /// Mark the episode under the cursor unwatched, every play of it (`x`). The answer is the
    /// guide again.
    package enum MarkUnwatched {
        /// The episode under the cursor.
        package struct Request: Sendable {
            /// The season number.
            package let season: Int
            /// The episode's position in the season (or among the specials), from 0.
            package let index: Int
            /// True when the cursor is on the specials' column.
            package var specials = false
            /// True when the cursor is on the season's heading (nothing is marked; said).
            package var onHeading = false
        }
    }

    /// Take back the last `w`, `W` or `x` (`u`): its marks or play, and the favourite it added.
    package enum UndoWatched {
        /// No parameters.
        package struct Request: Sendable {}
    }

    /// Rate the episode under the cursor, or clear its rating (`1`–`9`, `0` for 10; Backspace
    /// or Delete clears). The answer is the guide again (`LoadGuide.Response.ratings`), and the
    /// episode's page again when it is open.
    package enum RateEpisode {
        /// The episode and the rating.
        package struct Request: Sendable {
            /// The season number.
            package let season: Int
            /// The episode's position in the season (or among the specials), from 0.
            package let index: Int
            /// True when the cursor is on the specials' column.
            package var specials = false
            /// True when the cursor is on the season's heading (nothing is rated; said).
            package var onHeading = false
            /// The rating; nil clears it.
            package var rating: UserRating?
            /// True when the key was pressed on the episode's page (presented again).
            package var onPage = false
        }
    }

    /// Change how the show's progress is counted (`S`: whether specials count; `o`: the order,
    /// aired or any). The answer is the guide again, with `settings` and `progress`.
    package enum ChangeSettings {
        /// Which setting to turn.
        package enum Setting: Sendable {
            /// Whether specials count towards progress.
            case specials
            /// The next episode's order: aired ⇄ any.
            case order
        }

        /// The setting to toggle.
        package struct Request: Sendable {
            /// The setting.
            package let setting: Setting
        }
    }
}
