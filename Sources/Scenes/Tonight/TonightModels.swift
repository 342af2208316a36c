import Domain
import FoundationEssentials

/// The Tonight scene's models: what airs on a day (a country's broadcast schedule and the
/// streaming one), and the favourite shows' next episodes ("Upcoming").
package enum Tonight {
    /// The scene's three lists (`u` goes round them, `n` opens New this week).
    package enum Listing: String, Sendable, Equatable, CaseIterable {
        /// What airs on one day, by air time.
        case tonight
        /// The favourite shows' next episodes, by day.
        case upcoming
        /// The series premieres and returning seasons of the next 14 days ("New this week").
        case premieres
    }

    /// Load a day's schedules.
    package enum LoadSchedule {
        /// Which day; nil for today in the viewer's zone.
        package struct Request: Sendable {
            /// The day, as the broadcasters date it.
            package var date: CalendarDate?
            /// Makes a request.
            package init(date: CalendarDate? = nil) { self.date = date }
        }

        /// The day's entries so far, sorted by air time (entries without one last).
        package struct Response: Sendable {
            /// The broadcast schedule's country, for example `US`.
            package let country: String
            /// The day asked for.
            package let date: CalendarDate
            /// The entries of both schedules, earliest first.
            package let entries: [ScheduleEntry]
            /// Where each schedule came from, with the day it is for (a recording may be of another day).
            package let sources: [(source: DataSource, date: CalendarDate)]
            /// True while a schedule is still being fetched.
            package let isLoading: Bool
            /// Why a schedule could not be read, if one could not.
            package let error: SourceError?
            /// Whether the country's broadcast schedule is among the entries (false when the
            /// source holds none for the country, or only of another day than the one shown).
            package var hasCountrySchedule = true
            /// Whether the streaming schedule is among the entries (false when the source
            /// holds none of the day shown).
            package var hasWebSchedule = true
            /// Seconds before a rate-limited schedule is asked again; nil when no countdown runs.
            package var retryInSeconds: Int?
            /// The episodes marked watched (TVmaze's show ids, which the schedules carry).
            package var watched: Set<WatchedEpisodeKey> = []

            /// Makes a response.
            package init(
                country: String, date: CalendarDate, entries: [ScheduleEntry], sources: [(source: DataSource, date: CalendarDate)],
                isLoading: Bool, error: SourceError?
            ) {
                self.country = country
                self.date = date
                self.entries = entries
                self.sources = sources
                self.isLoading = isLoading
                self.error = error
            }

            /// The response for a day's schedules as far as fetched.
            package init(_ day: DaySchedule) {
                self.init(country: day.country, date: day.date, entries: day.entries, sources: day.sources, isLoading: day.isLoading, error: day.error)
                hasCountrySchedule = day.hasCountrySchedule
                hasWebSchedule = day.hasWebSchedule
            }
        }

        /// The list as drawn: one row an episode.
        package struct ViewModel: Sendable, Equatable {
            /// The header, for example `Tonight · Tue 1 Dec 2020 · US and streaming`.
            package let title: String
            /// The rows, earliest first.
            package let rows: [Row]
            /// Shown when there are no rows.
            package let emptyMessage: String?
            /// A message for the status bar (loading, an error).
            package let message: String?
            /// Whether the message is an error.
            package let messageIsError: Bool
            /// The source, for example `TVmaze live` or `recorded schedule of 2024-01-28`.
            package let sourceLabel: String
            /// The row to select first: the first that has not aired yet when the day is
            /// today, else the first.
            package var startIndex = 0
        }
    }

    /// One row of either list.
    package struct Row: Sendable, Equatable, Identifiable {
        /// The row's id: the episode's provider id, as text.
        package let id: String
        /// The show's id at TVmaze.
        package let showID: Int
        /// The show's name (sanitised on screen).
        package let show: String
        /// The air time in the viewer's zone with the zone's name, `17:00 PST`; `—` when unknown.
        package let time: String
        /// `S02E05`.
        package let episodeCode: String
        /// The episode's title.
        package let episodeName: String
        /// The network or streaming service.
        package let channel: String
        /// How long until it airs, `in 3 days`; empty on Tonight.
        package let countdown: String
        /// The heading of the day group the row starts, `Today · Mon 30 Nov`; nil when it continues one.
        package let dayHeading: String?
        /// The day column's text: the group's short name (`Today`, `Wed 2 Dec`, `Later`) on its
        /// first row, empty on the rest.
        package let day: String
        /// The episode's badges as text, `NEW`, `S3 ▶`, `FINALE`, `S2 ▶ FINALE` (an ASCII
        /// canvas draws `▶` as `>`); empty for none.
        package var badge = ""
        /// True when the episode is marked watched (drawn dim, with `✓`); a folded row, when
        /// all its episodes are.
        package var watched = false
        /// On a folded row (a season released on one day, `SeasonDrop`): how many episode rows
        /// follow it, which Enter shows and hides; 0 on any other row.
        package var opens = 0
        /// On an episode row of a folded row: that row's id; nil on any other row.
        package var childOf: String?
    }

    /// Load the favourite shows' next episodes.
    package enum LoadUpcoming {
        /// No parameters: the favourites are the app's.
        package struct Request: Sendable {
            /// Makes a request.
            package init() {}
        }

        /// One favourite show and its next episode, as far as known.
        package typealias Item = UpcomingEpisodes.Item

        /// The favourites and their next episodes so far, with the episodes marked watched.
        package struct Response: Sendable {
            /// The favourites' next episodes so far.
            package let found: UpcomingEpisodes
            /// The episodes marked watched.
            package var watched: Set<WatchedEpisodeKey> = []
            /// Makes a response.
            package init(_ found: UpcomingEpisodes, watched: Set<WatchedEpisodeKey> = []) {
                self.found = found
                self.watched = watched
            }
            /// One item per favourite show asked.
            package var items: [Item] { found.items }
            /// True while next episodes are still being asked for.
            package var isLoading: Bool { found.isLoading }
            /// Favourite shows of a provider that cannot tell their next episode.
            package var unsupported: Int { found.unsupported }
        }

        /// The list as drawn: rows grouped by day for the coming week, then later ones, then
        /// shows with nothing announced.
        package struct ViewModel: Sendable, Equatable {
            /// The header.
            package let title: String
            /// The rows; a row with a `dayHeading` starts a group.
            package let rows: [Row]
            /// Shown when there are no rows.
            package let emptyMessage: String?
            /// A message for the status bar.
            package let message: String?
            /// Whether the message is an error.
            package let messageIsError: Bool
        }
    }

    /// Load "New this week": the series premieres (`NEW`, S01E01, first of their day) and
    /// returning seasons (`S3 ▶`, `ReturningSeason`) of the next 14 days, day by day as the
    /// schedules arrive; offline the recorded days. A season released whole on one day is one
    /// item with its episodes (`PremiereDays.Item.drop`).
    package enum LoadPremieres {
        /// No parameters: the days are the scene's (`TonightInteractor`'s `premiereDays`).
        package struct Request: Sendable {
            /// Makes a request.
            package init() {}
        }

        /// One day read.
        package struct Day: Sendable {
            /// The day, as the broadcasters date it.
            package let date: CalendarDate
            /// Its premieres, in the list's order (`PremiereDays.premieres`).
            package let items: [PremiereDays.Item]
            /// Why its schedules could not be read, if they could not.
            package let error: SourceError?
        }

        /// The days read so far.
        package struct Response: Sendable {
            /// The days read, in order.
            package let days: [Day]
            /// Every day asked for, in order.
            package let asked: [CalendarDate]
            /// True while days are still being read.
            package let isLoading: Bool
            /// True when the days are the offline snapshot's recorded schedules.
            package let recorded: Bool
            /// The episodes marked watched.
            package var watched: Set<WatchedEpisodeKey> = []
        }

        /// The list as drawn: rows grouped by day, each with its badge.
        package struct ViewModel: Sendable, Equatable {
            /// The header, `New this week · premieres and returning seasons · Wed 2 Dec – Tue 15 Dec`.
            package let title: String
            /// The rows; a row with a `dayHeading` starts a day.
            package let rows: [Row]
            /// Shown when there are no rows.
            package let emptyMessage: String?
            /// A message for the status bar (the days read so far, a failure).
            package let message: String?
            /// Whether the message is an error.
            package let messageIsError: Bool
            /// `TVmaze live`, or `recorded schedules` offline.
            package let sourceLabel: String
        }
    }

    /// Open the show of a row.
    package enum OpenShow {
        /// Which row.
        package struct Request: Sendable {
            /// The row's id.
            package let id: String
            /// Which list it is in.
            package let listing: Listing
            /// Makes a request.
            package init(id: String, listing: Listing) {
                self.id = id
                self.listing = listing
            }
        }
    }
}
