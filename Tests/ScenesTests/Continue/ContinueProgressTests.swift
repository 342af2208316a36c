import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// Continue's progress by plays and settings (`ContinueItems`): a new round once every aired
/// episode was watched (`Rewatching`), the specials counted when the show's settings say so,
/// the first unwatched episode next in `any` order, and the line `discover-tui continue` prints.
final class ContinueProgressTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600) // 2025-12-02 00:00 UTC
    private let show = WatchedShowID(provider: "TVmaze", id: 7)
    private var today: CalendarDate { CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970)) }

    /// S01E01–E03 aired on three days, a special aired between E01 and E02, and S01E04 three
    /// days ahead (a Friday).
    private var list: ShowEpisodes {
        func day(_ offset: Int) -> Date { now.addingTimeInterval(Double(offset) * 86_400) }
        let regular = (1...3).map { n in
            Episode(id: 70 + n, season: 1, number: n, name: "E\(n)", airDate: CalendarDate.utcDay(ofUnixTime: Int(day(n * 2 - 10).timeIntervalSince1970)), airstamp: day(n * 2 - 10))
        }
        let special = Episode(
            id: 79, season: 1, number: nil, name: "Behind the scenes", airDate: CalendarDate.utcDay(ofUnixTime: Int(day(-7).timeIntervalSince1970)),
            airstamp: day(-7), isSpecial: true)
        let unaired = Episode(id: 74, season: 1, number: 4, name: "E4", airstamp: day(3))
        return ShowEpisodes(showID: 7, episodes: regular + [special, unaired], source: .live(provider: .tvmaze))
    }

    private func mark(_ season: Int, _ number: Int, plays: Int = 1, at: Int = 100) -> WatchedMark {
        WatchedMark(key: WatchedEpisodeKey(show: show, season: season, number: number), showName: "Slow Show", markedAt: at, plays: plays, lastPlayedAt: at + plays)
    }

    private func item(_ marks: [WatchedMark], settings: ShowWatchSettings = .standard, rating: UserRating? = nil) async throws -> ContinueItem {
        let lists = [7: list]
        let fake = WatchedFake(marks, ratings: rating.map { [show: $0] } ?? [:], settings: [show: settings])
        let fetched = await ContinueItems.fetch(watched: fake, episodes: { _ in OutlineStub(lists: lists) }, now: now)
        return try XCTUnwrap(fetched.items.first)
    }

    private func line(_ item: ContinueItem) -> String {
        ContinueItems.line(item, today: today) { $0.airDate ?? $0.airstamp.map { CalendarDate.utcDay(ofUnixTime: Int($0.timeIntervalSince1970)) } }
    }

    func testEveryAiredEpisodeWatchedAndTheFirstAgainIsARewatchWhoseNextIsTheSecond() async throws {
        let item = try await item([mark(1, 1, plays: 2), mark(1, 2), mark(1, 3)])
        XCTAssertEqual(item.progress?.isRewatching, true)
        XCTAssertEqual(item.progress?.nextUnwatched?.code, "S01E02")
        XCTAssertEqual(item.nextKey, SeasonAndNumber(season: 1, number: 2))
        XCTAssertEqual(line(item), "Rewatching · S01E02 ‘E2’ · 2 left · next Fri")
        // Once round two reaches the last aired episode, it is no longer a rewatch.
        let done = try await self.item([mark(1, 1, plays: 2), mark(1, 2, plays: 2), mark(1, 3, plays: 2)])
        XCTAssertEqual(done.progress?.isRewatching, false)
        XCTAssertEqual(line(done), "caught up · next Fri")
    }

    func testAShowNotWatchedToTheEndIsNoRewatchWhateverItsPlays() async throws {
        // E01 twice, E02 once, E03 never: the first round goes on at E03.
        let item = try await item([mark(1, 1, plays: 2), mark(1, 2)])
        XCTAssertEqual(item.progress?.isRewatching, false)
        XCTAssertEqual(line(item), "S01E03 ‘E3’ · 1 left · next Fri")
    }

    func testSpecialsCountedPutTheSpecialAiredAfterE01Next() async throws {
        let standard = try await item([mark(1, 1)])
        XCTAssertEqual(standard.progress?.nextUnwatched?.code, "S01E02")
        XCTAssertEqual(standard.progress?.leftCount, 2)
        let counted = try await item([mark(1, 1)], settings: ShowWatchSettings(countsSpecials: true, order: .aired))
        XCTAssertEqual(counted.progress?.nextUnwatched?.name, "Behind the scenes")
        XCTAssertEqual(counted.progress?.leftCount, 3)
        // A special is kept in season 0, numbered by airing order: what `w` marks and the guide opens on.
        XCTAssertEqual(counted.nextKey, SeasonAndNumber(season: 0, number: 1))
        XCTAssertEqual(line(counted), "S01 special ‘Behind the scenes’ · 3 left · next Fri")
    }

    func testOrderAnyMakesTheFirstUnwatchedAiredEpisodeNextWhereAiredOrderIsCaughtUp() async throws {
        let marks = [mark(1, 1), mark(1, 3)]
        let aired = try await item(marks)
        XCTAssertNil(aired.progress?.nextUnwatched)
        XCTAssertEqual(line(aired), "caught up · next Fri")
        let any = try await item(marks, settings: ShowWatchSettings(countsSpecials: false, order: .any))
        XCTAssertEqual(any.progress?.nextUnwatched?.code, "S01E02")
        XCTAssertEqual(line(any), "S01E02 ‘E2’ · 1 left · next Fri")
        // Both settings at once: the special and E02, in watching order.
        let both = try await item(marks, settings: ShowWatchSettings(countsSpecials: true, order: .any))
        XCTAssertEqual(both.progress?.nextUnwatched?.name, "Behind the scenes")
        XCTAssertEqual(both.progress?.leftCount, 2)
    }

    func testTheSummarysRatingAndSettingsComeThroughToTheItem() async throws {
        let rated = try await item([mark(1, 1)], settings: ShowWatchSettings(countsSpecials: true, order: .any), rating: UserRating(8))
        XCTAssertEqual(rated.summary.rating, UserRating(8))
        XCTAssertEqual(rated.summary.settings, ShowWatchSettings(countsSpecials: true, order: .any))
    }
}
