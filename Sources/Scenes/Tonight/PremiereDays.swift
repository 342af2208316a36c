import Domain
import FoundationEssentials

/// The premieres and returning seasons of a run of days, read day by day from TVmaze's
/// schedules (a country's and the streaming one; offline the recorded streaming schedules):
/// each episode once, `number == 1` (`PremiereBadge`: never a year-numbered season), a later
/// season only when it returns after a break (`ReturningSeason`, from the show's seasons when
/// they can be read), each day's series premieres (`NEW`) first, then by air time and show name.
/// A season released whole on the day (`SeasonDrop`) is one item carrying its episodes. The
/// "New this week" list and `discover-tui premieres` both read them here.
package enum PremiereDays {
    /// One premiere: the schedule's entry and its badges (`NEW` or `S3 ▶`, and `FINALE` for a
    /// season one episode long).
    package struct Item: Sendable {
        /// The schedule entry (show, episode, air time, channel).
        package let entry: ScheduleEntry
        /// The badges, the premiere's first.
        package let badges: [PremiereBadge]
        /// When the season is released on the day whole or in part (at least
        /// `SeasonDrop.minimumEpisodes` of its episodes): every one of them, in number order,
        /// the premiere first; else empty.
        package var drop: [ScheduleEntry] = []
        /// The season's length, when the show's seasons said it.
        package var episodeOrder: Int?
        /// Makes an item.
        package init(entry: ScheduleEntry, badges: [PremiereBadge]) {
            self.entry = entry
            self.badges = badges
        }
        /// True for a series premiere (`NEW`).
        package var isSeries: Bool { badges.first == .series }
    }

    /// The premieres of one day's entries, in the list's order, each with its season's drop.
    /// - Parameter entries: the day's schedule entries (both schedules).
    package static func premieres(_ entries: [ScheduleEntry]) -> [Item] {
        var seen = Set<Int>()
        var seasons: [SeasonDrop.Key: [ScheduleEntry]] = [:]
        let day = CalendarDate.unixEpoch
        for entry in entries where seen.insert(entry.episode.id).inserted {
            if let key = SeasonDrop.key(entry, day: day) { seasons[key, default: []].append(entry) }
        }
        seen = []
        return entries.compactMap { entry -> Item? in
            guard PremiereBadge(entry.episode) != nil, seen.insert(entry.episode.id).inserted else { return nil }
            var item = Item(entry: entry, badges: PremiereBadge.badges(entry.episode, episodeOrder: nil))
            if let key = SeasonDrop.key(entry, day: day), let all = seasons[key], all.count >= SeasonDrop.minimumEpisodes {
                item.drop = all.sorted { ($0.episode.number ?? 0) < ($1.episode.number ?? 0) }
            }
            return item
        }.sorted { a, b in
            if a.isSeries != b.isSeries { return a.isSeries }
            return (a.entry.airstamp ?? .distantFuture, a.entry.show.name) < (b.entry.airstamp ?? .distantFuture, b.entry.show.name)
        }
    }

    /// The items that stay once the shows' seasons are asked: a series premiere always (its
    /// seasons are not asked); a later season when `ReturningSeason` says it returns (kept when
    /// its seasons cannot be read), its length then settling `FINALE` and whether a drop is
    /// the whole season.
    /// - Parameters:
    ///   - items: a day's items.
    ///   - day: the day, as the schedules date it.
    ///   - seasons: the seasons' source; nil to ask none.
    ///   - known: the seasons already asked, by show id (nil: could not be read), kept across days.
    /// - Returns: the items kept, in order.
    package static func returning(
        _ items: [Item], day: CalendarDate, seasons: (any SeasonsWorking)?, known: inout [Int: [SeasonSummary]?]
    ) async throws -> [Item] {
        var kept: [Item] = []
        for var item in items {
            let entry = item.entry
            var list: [SeasonSummary]?
            if let seasons, !item.isSeries {
                if let asked = known[entry.show.id] {
                    list = asked
                } else {
                    do {
                        list = try await seasons.seasons(showID: entry.show.id)
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        list = nil
                    }
                    known[entry.show.id] = .some(list)
                }
            }
            if !item.isSeries, ReturningSeason.verdict(season: entry.episode.season, opensOn: entry.episode.airDate ?? day, seasons: list) == .continuing {
                continue
            }
            if let order = list?.first(where: { $0.number == entry.episode.season })?.episodeCount {
                item = Item(entry: entry, badges: PremiereBadge.badges(entry.episode, episodeOrder: order))
                    .with(drop: item.drop, episodeOrder: order)
            }
            kept.append(item)
        }
        return kept
    }

    /// Reads the days in order, one after the other (each request paced by the client).
    /// - Parameters:
    ///   - schedules: the schedules' source.
    ///   - country: the broadcast schedule's country (not asked when `recorded`).
    ///   - days: the days, in order.
    ///   - recorded: true for the recordings, which hold the streaming schedule alone.
    ///   - seasons: the shows' seasons, asked for each later season's show (once a show);
    ///     nil to ask none.
    ///   - progress: called after each day with its premieres, or the error that kept it out.
    /// - Returns: false when cancelled.
    @discardableResult
    package static func fetch(
        _ schedules: any ScheduleWorking, country: String, days: [CalendarDate], recorded: Bool, seasons: (any SeasonsWorking)? = nil,
        progress: (Tonight.LoadPremieres.Day) async -> Void
    ) async -> Bool {
        var known: [Int: [SeasonSummary]?] = [:]
        for day in days {
            if Task.isCancelled { return false }
            do {
                let web = try await schedules.webSchedule(date: day)
                let local = recorded ? nil : try await schedules.schedule(countryCode: country, date: day)
                let entries = ((web?.date == day ? web?.entries : nil) ?? []) + ((local?.date == day ? local?.entries : nil) ?? [])
                let items = try await returning(premieres(entries), day: day, seasons: seasons, known: &known)
                await progress(.init(date: day, items: items, error: nil))
            } catch is CancellationError {
                return false
            } catch {
                if Task.isCancelled { return false }
                let failure = (error as? SourceError) ?? .badData(provider: .tvmaze, reason: "the schedule could not be read")
                await progress(.init(date: day, items: [], error: failure))
            }
        }
        return true
    }
}

extension PremiereDays.Item {
    /// The item with a drop and a season length.
    func with(drop: [ScheduleEntry], episodeOrder: Int?) -> PremiereDays.Item {
        var item = self
        item.drop = drop
        item.episodeOrder = episodeOrder
        return item
    }
}
