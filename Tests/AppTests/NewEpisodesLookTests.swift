import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App

/// `upcoming --new`'s look over the favourites: the episodes aired since the last look that are
/// not marked watched (a real watched database), the shows that could not be asked, and what
/// changed since the kept answer; then its lines.
final class NewEpisodesLookTests: XCTestCase {
    /// Episode lists by show id (a show missing throws `unreachable`), and the next episode's
    /// kept and fresh answers.
    struct Lists: EpisodesWorking {
        var lists: [Int: [Episode]]
        var kept: NextAndPreviousEpisode?
        var fresh: NextAndPreviousEpisode?
        func episodes(showID: Int) async throws -> ShowEpisodes? {
            guard let list = lists[showID] else { throw SourceError.unreachable(provider: .tvmaze, reason: "connection refused") }
            return ShowEpisodes(showID: showID, episodes: list, source: .live(provider: .tvmaze))
        }
        func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? { fresh }
        func nextAndPreviousEpisodeSinceKept(showID: Int) async throws -> (kept: NextAndPreviousEpisode?, fresh: NextAndPreviousEpisode?) {
            showID == 1 ? (kept, fresh) : (nil, fresh)
        }
    }

    private let now = 1_764_547_200 // 2025-12-01 00:00 UTC
    private func episode(_ id: Int, number: Int, hoursAgo: Int) -> Episode {
        let stamp = Date(timeIntervalSince1970: Double(now - hoursAgo * 3600))
        return Episode(id: id, season: 5, number: number, name: "Part \(number)", airDate: CalendarDate.utcDay(ofUnixTime: now - hoursAgo * 3600), airstamp: stamp)
    }

    private func favourite(_ id: Int, _ name: String) -> Favourite {
        Favourite(key: FavouriteKey(kind: .show, provider: ProviderName.tvmaze.name, id: String(id)), name: name, subtitle: "", addedAt: 0)
    }

    func testTheNewEpisodesSkipTheWatchedOnesAndAShowThatCannotBeAskedIsCounted() async throws {
        let home = try TemporaryHome(for: self)
        let watched = WatchedWorker(directory: home.path)
        let show = WatchedShowID(provider: ProviderName.tvmaze.name, id: 1)
        _ = await watched.add([WatchedMark(key: WatchedEpisodeKey(show: show, season: 5, number: 2), showName: "Slow Horses", markedAt: now)])
        let was = Episode(id: 9, season: 5, number: 4, name: "Next", airDate: CalendarDate(iso: "2025-12-03"))
        let moved = Episode(id: 9, season: 5, number: 4, name: "Next", airDate: CalendarDate(iso: "2025-12-10"))
        let source = Lists(
            lists: [1: [episode(1, number: 1, hoursAgo: 400), episode(2, number: 2, hoursAgo: 30), episode(3, number: 3, hoursAgo: 5)]],
            kept: NextAndPreviousEpisode(showID: 1, next: was, previous: nil, source: .live(provider: .tvmaze), status: "Running"),
            fresh: NextAndPreviousEpisode(showID: 1, next: moved, previous: nil, source: .live(provider: .tvmaze), status: "Ended"))
        let found = await NewEpisodesCommand.look(
            [favourite(1, "Slow Horses"), favourite(2, "Unreachable")], episodes: { _ in source }, live: { _ in source }, watched: watched,
            since: now - 7 * 86_400, now: now)
        XCTAssertEqual(found.episodes.map(\.episode.code), ["S05E03"], "S05E01 is older than the last look, S05E02 is watched")
        XCTAssertEqual(found.asked, 2)
        XCTAssertEqual(found.failures, ["TVmaze is unreachable (connection refused)"])
        XCTAssertEqual(found.changes.map(\.change), [.nextEpisodeMoved(was: was, now: moved), .ended])
        let rules = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "UTC"), "tzdata")
        let clock = AirClock.fixed(at: Date(timeIntervalSince1970: Double(now)), viewer: rules, zones: [:])
        var options = try AppOptions.parse(["upcoming", "--new"], environment: [:])
        XCTAssertEqual(
            NewEpisodesCommand.lines(found, options: options, text: CellText(repertoire: .unicode), clock: clock),
            "2025-11-30  Slow Horses  S05E03  Part 3\n" + "changed  Slow Horses · S05E04 moved from 2025-12-03 to 2025-12-10\n"
                + "changed  Slow Horses · ended\n")
        options.tsv = true
        XCTAssertEqual(
            NewEpisodesCommand.lines(found, options: options, text: CellText(repertoire: .unicode), clock: clock),
            "kind\tdate\tshow\tcode\tepisode\n" + "new\t2025-11-30\tSlow Horses\tS05E03\tPart 3\n"
                + "changed\t\tSlow Horses\t\tS05E04 moved from 2025-12-03 to 2025-12-10\n" + "changed\t\tSlow Horses\t\tended\n")
        options.tsv = false
        options.short = true
        XCTAssertTrue(
            NewEpisodesCommand.lines(found, options: options, text: CellText(repertoire: .unicode), clock: clock)
                .hasPrefix("2025-11-30 19:00  Slow Horses  S05E03 ‘Part 3’\n"))
        options = try AppOptions.parse(["upcoming", "--new", "--json"], environment: [:])
        let json = NewEpisodesCommand.lines(found, options: options, text: CellText(repertoire: .unicode), clock: clock).split(separator: "\n")
        XCTAssertEqual(json.count, 3)
        XCTAssertTrue(json[1].contains(#""change":"moved""#) && json[1].contains(#""from":"2025-12-03""#), String(json[1]))
    }

    func testWithoutAWatchedDatabaseNothingIsSkippedAndOfflineNothingChanged() async throws {
        let source = Lists(
            lists: [1: [episode(2, number: 2, hoursAgo: 30)]], kept: NextAndPreviousEpisode(showID: 1, next: nil, previous: nil, source: .live(provider: .tvmaze), status: "Running"),
            fresh: NextAndPreviousEpisode(showID: 1, next: nil, previous: nil, source: .live(provider: .tvmaze), status: "Ended"))
        let found = await NewEpisodesCommand.look(
            [favourite(1, "Slow Horses")], episodes: { _ in source }, live: { _ in nil }, watched: nil, since: now - 86_400 * 2, now: now)
        XCTAssertEqual(found.episodes.count, 1)
        XCTAssertTrue(found.failures.isEmpty)
        XCTAssertTrue(found.changes.isEmpty, "no live source: no answer to compare")
    }
}
