import Domain

/// The EpisodeGuide scene's use cases: a show's episodes as a ratings chart (seasons across,
/// episodes down) over the selected season's episode list, and one episode's details. See
/// Scenes.md for the keys and routes.
enum EpisodeGuide {
    /// Load every episode of the show and chart the ratings.
    enum LoadGuide {
        /// Ask for the guide of the show in the data store.
        struct Request: Sendable {
            /// True to ask the source again (`r`), even when a guide is on screen.
            var retry = false
        }

        /// The show, its episodes once they arrive, and the loading state.
        struct Response: Sendable {
            /// The show whose episodes these are.
            let show: TVShow
            /// The episodes, once loaded; nil before, or when the source has none recorded.
            let guide: Domain.EpisodeGuide?
            /// True while the episodes load.
            let isLoading: Bool
            /// True when the source answered that it has no episode list for the show.
            var notRecorded = false
            /// The failure of the last load, if it failed.
            var error: SourceError? = nil
            /// Seconds left before a rate-limited load is retried by itself; nil when none waits.
            var retryCountdown: Int? = nil
            /// The season to put the cursor on first (from ShowDetail's seasons); nil for the first.
            var startSeason: Int? = nil
        }

        /// What the guide view draws.
        struct ViewModel: Sendable, Equatable {
            /// How a cell stands out from the rest of the chart.
            enum Mark: Sendable, Equatable {
                /// An ordinary cell.
                case none
                /// The show's best-rated episode (bold in monochrome).
                case best
                /// The show's worst-rated episode (underlined in monochrome).
                case worst
            }

            /// One cell of the chart: an episode's rating.
            struct Cell: Sendable, Equatable {
                /// The rating to one decimal, `8.7`; nil for an unrated episode (drawn `·`).
                let rating: String?
                /// The rating's step on the scale (`RatingStep`); nil when unrated.
                let step: RatingStep?
                /// Best, worst or neither.
                let mark: Mark
            }

            /// One episode in the season's list, for example `S01E09  Baelor  2011-06-12  57 min  9.1`.
            struct Row: Sendable, Equatable {
                /// `S01E09`.
                let code: String
                /// The episode's name, or `(untitled)`.
                let name: String
                /// The first air day (broadcaster's), `2011-06-12`, or `—`.
                let airDate: String
                /// `57 min`, or empty when unknown.
                let runtime: String
                /// `9.1`, or `·` when unrated.
                let rating: String
                /// The rating's step; nil when unrated.
                let step: RatingStep?
            }

            /// One season: a column of the chart and its episode list.
            struct Season: Sendable, Equatable {
                /// The season number.
                let number: Int
                /// The column's heading, `S1`.
                let title: String
                /// One cell per episode, in order (row n is the season's n-th episode).
                let cells: [Cell]
                /// The mean of the rated episodes to one decimal; nil when none is rated.
                let average: String?
                /// The average's step; nil when none is rated.
                let averageStep: RatingStep?
                /// The list heading, for example `Season 1 · 10 episodes · 2011-04-17 – 2011-06-19 · average 9.0`.
                let heading: String
                /// The episode list.
                let rows: [Row]
            }

            /// The title, for example `Game of Thrones: episodes`.
            let title: String
            /// The regular seasons, in order; empty while loading or when none is known.
            let seasons: [Season]
            /// The longest season's episode count (the chart's rows).
            let rowCount: Int
            /// The best episode named, for example `Best: S06E06 ‘Treehouse of Horror V’ 9.6`.
            let best: String?
            /// The worst episode named, for example `Worst: S08E06 ‘The Iron Throne’ 5.3`.
            let worst: String?
            /// A note about what the chart leaves out, for example `3 specials not charted`.
            let note: String?
            /// The season to put the cursor on first: an index into `seasons`.
            let startSeasonIndex: Int
            /// A loading, empty or failure line, if any.
            let message: String?
            /// Whether `message` reports an error.
            let messageIsError: Bool
            /// The source, for example `TVmaze live`.
            let sourceLabel: String
        }
    }

    /// Show one episode's details.
    enum ShowEpisode {
        /// The episode under the cursor.
        struct Request: Sendable {
            /// The season number.
            let season: Int
            /// The episode's position in the season, from 0 (the chart's row).
            let index: Int
        }

        /// The episode, with what its page needs.
        struct Response: Sendable {
            /// The show's name.
            let showName: String
            /// The episode.
            let episode: Episode
        }

        /// What the episode page draws.
        struct ViewModel: Sendable, Equatable {
            /// A label and its value, for example `Aired` / `Mon 13 Jun 2011 03:00 CEST`.
            struct Fact: Sendable, Equatable {
                /// The label.
                let label: String
                /// The value, or `—`.
                let value: String
            }
            /// The episode's name, or `(untitled)`.
            let title: String
            /// The show and the code, for example `Game of Thrones · S01E09 · ★ 9.1`.
            let subtitle: String
            /// The facts table.
            let facts: [Fact]
            /// The summary's paragraphs (markup already removed), or a line saying there is none.
            let summary: [String]
        }
    }
}
