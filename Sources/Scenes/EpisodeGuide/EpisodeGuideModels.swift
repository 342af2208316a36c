import Domain

/// The EpisodeGuide scene's use cases: a show's episodes as a ratings chart (seasons across,
/// episodes down) over the selected season's episode list, and one episode's details. See
/// Scenes.md for the keys and routes.
package enum EpisodeGuide {
    /// Load every episode of the show and chart the ratings.
    package enum LoadGuide {
        /// Ask for the guide of the show in the data store.
        package struct Request: Sendable {
            /// True to ask the source again (`r`), even when a guide is on screen.
            package var retry = false
        }

        /// The show, its episodes once they arrive, and the loading state.
        package struct Response: Sendable {
            /// The show whose episodes these are.
            package let show: TVShow
            /// The episodes, once loaded; nil before, or when the source has none recorded.
            package let guide: ShowEpisodes?
            /// True while the episodes load.
            package let isLoading: Bool
            /// True when the source answered that it has no episode list for the show.
            package var notRecorded = false
            /// The failure of the last load, if it failed.
            package var error: SourceError? = nil
            /// Seconds left before a rate-limited load is retried by itself; nil when none waits.
            package var retryInSeconds: Int? = nil
            /// The season to put the cursor on first (from ShowDetail's seasons); nil for the first.
            package var startSeason: Int? = nil
            /// The episode to put the cursor on first (from Continue), by its mark key; nil
            /// for the start season's first.
            package var startEpisode: SeasonAndNumber? = nil
            /// The plays of each watched episode (1 and up), by the key it is kept under
            /// (`ShowEpisodes.markKey`: specials in season 0).
            package var plays: [SeasonAndNumber: Int] = [:]
            /// The person's ratings of episodes, by the same keys.
            package var ratings: [SeasonAndNumber: UserRating] = [:]
            /// The show's progress settings; nil without a watched store (no header then).
            package var settings: ShowWatchSettings? = nil
            /// How far the show is watched, by its plays and settings; nil without a guide or
            /// a watched store.
            package var progress: WatchProgress? = nil
            /// What the last key did (`S01E01–S01E05 marked watched · …`, `S01E01 rated 9`), or
            /// why it could not be saved; nil when none was pressed.
            package var watchMessage: String? = nil
            /// True when `watchMessage` says a change was not saved.
            package var watchMessageIsError = false

            /// The watched episodes, by the key they are kept under.
            package var watched: Set<SeasonAndNumber> { Set(plays.keys) }
        }

        /// What the guide view draws.
        package struct ViewModel: Sendable, Equatable {
            /// How a cell stands out from the rest of the chart.
            package enum Mark: Sendable, Equatable {
                /// An ordinary cell.
                case none
                /// The show's best-rated episode (bold in monochrome).
                case best
                /// The show's worst-rated episode (underlined in monochrome).
                case worst
            }

            /// One cell of the chart: an episode's rating.
            package struct Cell: Sendable, Equatable {
                /// The rating to one decimal, `8.7`; nil for an unrated episode (drawn `·`).
                package let rating: String?
                /// The rating's step on the scale (`RatingStep`); nil when unrated.
                package let step: RatingStep?
                /// Best, worst or neither.
                package let mark: Mark
                /// True when the episode is marked watched (drawn with a `✓` beside the rating).
                package var watched = false
                /// The person's rating, `9`; nil when they have not rated it.
                package var yours: String? = nil
                /// The person's rating's step; nil when unrated.
                package var yourStep: RatingStep? = nil
                /// The person's rating against the source's, for the "you vs source" chart:
                /// `you 9 · TVmaze 8.4 · +0.6`, `not rated by you · TVmaze 8.4`.
                package var comparison: String = ""
            }

            /// One episode in the season's list, for example `S01E09  Baelor  2011-06-12  57 min  9.1`.
            package struct Row: Sendable, Equatable {
                /// `S01E09`.
                package let code: String
                /// The episode's name, or `(untitled)`.
                package let name: String
                /// The first air day (broadcaster's), `2011-06-12`, or `—`.
                package let airDate: String
                /// `57 min`, or empty when unknown.
                package let runtime: String
                /// `9.1`, or `·` when unrated.
                package let rating: String
                /// The rating's step; nil when unrated.
                package let step: RatingStep?
                /// True when the episode is marked watched (a `✓` before the code).
                package var watched = false
                /// How many times it was watched (0 unwatched; `✓2` from 2).
                package var plays = 0
                /// The person's rating, `9`; nil when they have not rated it.
                package var yours: String? = nil
                /// The person's rating's step; nil when unrated.
                package var yourStep: RatingStep? = nil
            }

            /// One season: a column of the chart and its episode list. The specials (TVmaze's
            /// specials, TMDB's season 0) are a column of their own after the last season.
            package struct Season: Sendable, Equatable {
                /// The season number; 0 for the specials' column.
                package let number: Int
                /// The column's heading, `S1`, or `Sp` for the specials.
                package let title: String
                /// One cell per episode, in order (row n is the season's n-th episode).
                package var cells: [Cell]
                /// The mean of the rated episodes to one decimal; nil when none is rated.
                package let average: String?
                /// The average's step; nil when none is rated.
                package let averageStep: RatingStep?
                /// The list heading, for example `Season 1 · 10 episodes · 2011-04-17 – 2011-06-19 · average 9.0`.
                package let heading: String
                /// The episode list.
                package var rows: [Row]
                /// True for the specials' column (row n is the n-th special in airing order).
                package var isSpecials = false
                /// The mean of the person's ratings in the column, to one decimal; nil for none.
                package var yourAverage: String? = nil
                /// The step of `yourAverage`.
                package var yourAverageStep: RatingStep? = nil
            }

            /// The title, for example `Game of Thrones: episodes`.
            package let title: String
            /// The chart's columns: the regular seasons in order, then the specials when there
            /// are any; empty while loading or when no episode is known.
            package let seasons: [Season]
            /// The longest column's episode count (the chart's rows).
            package let rowCount: Int
            /// The best episode named, for example `Best: S06E06 ‘Treehouse of Horror V’ 9.6`.
            package let best: String?
            /// The worst episode named, for example `Worst: S08E06 ‘The Iron Throne’ 5.3`.
            package let worst: String?
            /// Where the specials are, for example `Sp: 3 specials`, on a line of its own under
            /// the chart, never cut; nil when there are none.
            package let note: String?
            /// The season to put the cursor on first: an index into `seasons`.
            package let startSeasonIndex: Int
            /// The episode row to put the cursor on first in that season, from 0.
            package var startRow = 0
            /// A loading, empty or failure line, if any.
            package let message: String?
            /// Whether `message` reports an error.
            package let messageIsError: Bool
            /// The source, for example `TVmaze live`.
            package let sourceLabel: String
            /// The credit the source's terms ask for (help overlay).
            package var credit: String = ShowFormatting.tvmazeCredit
            /// Why the chart is all `·`, said in a sentence where the best and worst go, when
            /// episodes are listed but none is rated, for example `No episode has a rating in
            /// the offline snapshot 2021-04-25.`; nil otherwise.
            package var unratedMessage: String? = nil
            /// The header: how far the show is watched and how it is counted, `Watched S1 E5 of
            /// 73 · 7 % · next S01E06 · specials not counted · order aired`; nil without a
            /// watched store.
            package var watchLine: String? = nil
            /// The "you vs source" chart's title, `You vs TVmaze`.
            package var comparisonTitle: String = ""
            /// The "you vs source" chart's summary where the worst goes: `You rated 12 · your
            /// average 8.1 · TVmaze 8.4 on the same · -0.3`, or how to rate.
            package var comparisonSummary: String = ""
            /// True when the person rated any episode (the list shows a `You` column).
            package var hasYourRatings = false
        }
    }

    /// Show one episode's details.
    package enum ShowEpisode {
        /// The episode under the cursor.
        package struct Request: Sendable {
            /// The season number (ignored for a special).
            package let season: Int
            /// The episode's position in the season, or among the specials, from 0 (the
            /// chart's row).
            package let index: Int
            /// True for the specials' column.
            package var specials = false
        }

        /// The episode, with what its page needs.
        package struct Response: Sendable {
            /// The show's name.
            package let showName: String
            /// The episode.
            package let episode: Episode
            /// The person's rating of it, or nil.
            package var rating: UserRating? = nil
            /// How many times it was watched (0: not watched).
            package var plays = 0
        }

        /// What the episode page draws.
        package struct ViewModel: Sendable, Equatable {
            /// A label and its value, for example `Aired` / `Mon 13 Jun 2011 03:00 CEST`.
            package struct Fact: Sendable, Equatable {
                /// The label.
                package let label: String
                /// The value, or `—`.
                package let value: String
            }
            /// The episode's name, or `(untitled)`.
            package let title: String
            /// The show and the code, for example `Game of Thrones · S01E09 · ★ 9.1 · you 9`.
            package let subtitle: String
            /// The facts table.
            package let facts: [Fact]
            /// The summary's paragraphs (markup already removed), or a line saying there is none.
            package let summary: [String]
            /// The episode's id at its provider: a page presented again for the same episode
            /// (a rating changed) keeps its scroll.
            package var episodeID: Int? = nil
        }
    }
}
