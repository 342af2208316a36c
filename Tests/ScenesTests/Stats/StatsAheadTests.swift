import Domain
import Foundation
import Synchronization
import XCTest

@testable import Scenes

/// The year's figures read ahead: given again while the store's stamp and the viewer's day are
/// as they were, read afresh after a saved change, on a new day, or from a store that cannot
/// tell its stamp; and Continue asking for the read once its list is shown.
@MainActor
final class StatsAheadTests: XCTestCase {
    /// 2024-12-01 12:00 UTC.
    private let start = Date(timeIntervalSince1970: 1_733_054_400)
    private let got = WatchedShowID(provider: ProviderName.tvmaze.name, id: 82)

    private var marks: [WatchedMark] {
        (1...3).map { n in
            WatchedMark(key: WatchedEpisodeKey(show: got, season: 1, number: n), showName: "Game of Thrones", markedAt: 1_733_000_000 + n * 3600)
        }
    }

    /// A present the test moves.
    private final class Now: Sendable {
        let date: Mutex<Date>
        init(_ date: Date) { self.date = Mutex(date) }
    }

    /// A clock in UTC on `now`.
    private func clock(_ now: Now) -> AirClock {
        let utc = TimeZoneRules.utc
        return AirClock(now: { now.date.withLock { $0 } }, viewer: { utc.wallTime(at: Int($0.timeIntervalSince1970.rounded(.down))) }, zoneNamed: { _ in nil })
    }

    func testFiguresReadAheadAreGivenAgainWhileTheStoreIsUnchanged() async {
        let store = StatsWatchedFake(marks)
        let reader = StatsAhead(watched: store, facts: ShowFactsStub([:]), clock: clock(Now(start)))
        await reader.prepare().value
        let reads = await store.reads
        XCTAssertEqual(reads, 1)
        let answer = await reader.answer(year: 2024)
        XCTAssertEqual(answer.stats.episodes, 3)
        let readsAfter = await store.reads
        XCTAssertEqual(readsAfter, 1, "the figures read ahead are given")
        await reader.prepare().value
        let readsAgain = await store.reads
        XCTAssertEqual(readsAgain, 1, "nothing to read ahead again")
    }

    func testAChangeSavedSinceIsReadAfresh() async {
        let store = StatsWatchedFake(marks)
        let reader = StatsAhead(watched: store, facts: ShowFactsStub([:]), clock: clock(Now(start)))
        await reader.prepare().value
        await store.change()
        _ = await reader.answer(year: 2024)
        let reads = await store.reads
        XCTAssertEqual(reads, 2)
    }

    func testAnotherYearOrANewDayIsReadAfresh() async {
        let store = StatsWatchedFake(marks)
        let now = Now(start)
        let reader = StatsAhead(watched: store, facts: ShowFactsStub([:]), clock: clock(now))
        await reader.prepare().value
        _ = await reader.answer(year: 2023)
        let afterYear = await store.reads
        XCTAssertEqual(afterYear, 2, "another year")
        _ = await reader.answer(year: 2024)
        now.date.withLock { $0 = $0.addingTimeInterval(86_400) }
        _ = await reader.answer(year: 2024)
        let afterDay = await store.reads
        XCTAssertEqual(afterDay, 4, "the kept figures were read yesterday")
    }

    func testAStoreThatCannotTellItsStampIsNotReadAheadAndIsReadEveryTime() async {
        let store = StatsWatchedFake(marks, stamps: false)
        let reader = StatsAhead(watched: store, facts: ShowFactsStub([:]), clock: clock(Now(start)))
        await reader.prepare().value
        let ahead = await store.reads
        XCTAssertEqual(ahead, 0, "nothing read ahead: it could not be kept")
        _ = await reader.answer(year: 2024)
        _ = await reader.answer(year: 2024)
        let reads = await store.reads
        XCTAssertEqual(reads, 2)
    }

    func testContinueAsksForTheReadAheadEachTimeItsListIsShown() async {
        var asked = 0
        let effects = RunningEffects()
        let sut = ContinueInteractor(watched: WatchedFake([]), episodes: { _ in nil }, now: { [start] in start }, effects: effects, readAhead: { asked += 1 })
        XCTAssertEqual(asked, 0)
        sut.loadList(request: .init())
        await effects.finished()
        XCTAssertEqual(asked, 1)
        sut.loadList(request: .init())
        await effects.finished()
        XCTAssertEqual(asked, 2)
    }
}
