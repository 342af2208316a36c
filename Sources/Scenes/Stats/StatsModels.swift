import Domain

/// The Stats scene's use cases: a year of the person's own viewing ("your year in TV"), from
/// the watched episodes and ratings on this machine, with no account and no server; `[` and
/// `]` move a year. See Scenes.md for the keys and routes.
package enum Stats {
    /// Read a year's figures (each time the scene appears, and on `r`).
    package enum LoadYear {
        /// No parameters: the year on screen.
        package struct Request: Sendable {
            /// Makes a request.
            package init() {}
        }

        /// The figures, once read.
        package struct Response: Sendable {
            /// The year.
            package let year: Int
            /// The figures; nil while the first read runs.
            package let stats: YearStats?
            /// True while they are read.
            package let isLoading: Bool
            /// The viewer's day today (the grid leaves the days after it blank).
            package let today: CalendarDate
            /// The providers whose data the figures used.
            package var credits: [ProviderName] = []
            /// The store's notice, or what the keys could not do; nil for none.
            package var message: String? = nil
            /// True when `message` reports a failure.
            package var messageIsError = false

            /// Makes a response.
            /// - Parameters: one per property.
            package init(
                year: Int, stats: YearStats?, isLoading: Bool, today: CalendarDate, credits: [ProviderName] = [], message: String? = nil,
                messageIsError: Bool = false
            ) {
                self.year = year
                self.stats = stats
                self.isLoading = isLoading
                self.today = today
                self.credits = credits
                self.message = message
                self.messageIsError = messageIsError
            }
        }

        /// What the scene draws.
        package struct ViewModel: Sendable, Equatable {
            /// A list of names with their episodes (top genres, networks, people).
            package struct Column: Sendable, Equatable {
                /// `Genres`.
                package let title: String
                /// `Drama` and `120`.
                package let rows: [(name: String, count: String)]

                /// Makes a column.
                package init(title: String, rows: [(name: String, count: String)]) {
                    self.title = title
                    self.rows = rows
                }

                package static func == (lhs: Column, rhs: Column) -> Bool {
                    lhs.title == rhs.title && lhs.rows.map(\.name) == rhs.rows.map(\.name) && lhs.rows.map(\.count) == rhs.rows.map(\.count)
                }
            }

            /// `Your year in TV · 2024`.
            package let title: String
            /// The year.
            package let year: Int
            /// The figures' lines: episodes and hours, shows, the longest streak, the busiest day.
            package let summary: [String]
            /// The year's days as a grid; nil while loading.
            package let grid: StatsGrid?
            /// Top genres, networks and people (a column each, empty ones left out).
            package let columns: [Column]
            /// How many ratings of each value 1–10 (ten counts); empty without ratings.
            package let ratingCounts: [Int]
            /// The ratings' line (`42 ratings · mean 7.8 · 0.4 above TVmaze's over 38`); nil without ratings.
            package let ratingsLine: String?
            /// `2024 · 312 episodes` for the status bar.
            package let countLabel: String
            /// What an empty year says, or nil.
            package let emptyMessage: String?
            /// The credit line: whose data the figures used.
            package let credit: String
            /// A loading line, the store's notice, or what a key could not do.
            package let message: String?
            /// True when `message` reports a failure.
            package let messageIsError: Bool
        }
    }

    /// Move to another year (`[`, `]`); the answer is that year's figures.
    package enum ChangeYear {
        /// How far.
        package struct Request: Sendable {
            /// Years to move: -1 the year before, 1 the year after (never past the current year).
            package let by: Int

            /// Makes a request.
            package init(by: Int) {
                self.by = by
            }
        }
    }
}
