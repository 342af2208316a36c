import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// The Continue list from the marks and the shows' outlines, and what its bar says about how
/// old the episode lists are.
@MainActor
final class ContinueListTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600) // 2025-12-02 00:00 UTC

    private func list(_ id: Int, source: DataSource) -> ShowEpisodes {
        ShowEpisodes(
            showID: id,
            episodes: (1...3).map { n in
                Episode(id: id * 10 + n, season: 1, number: n, name: "E\(n)", airstamp: now.addingTimeInterval(Double(n - 3) * 86_400))
            }, source: source)
    }

    private func mark(_ id: Int, _ number: Int, at: Int) -> WatchedMark {
        WatchedMark(key: WatchedEpisodeKey(show: WatchedShowID(provider: "TVmaze", id: id), season: 1, number: number), showName: "Show \(id)", markedAt: at)
    }

    /// The scene wired up over the fakes; returns the View once the list is drawn.
    private func load(_ lists: [Int: ShowEpisodes], marks: [WatchedMark]) async -> ContinueViewController {
        let fixed = now
        let sut = ContinueInteractor(watched: WatchedFake(marks), episodes: { _ in OutlineStub(lists: lists) }, now: { fixed })
        let presenter = ContinuePresenter(clock: .fixed(at: now, viewer: .utc, zones: [:]))
        let view = ContinueViewController()
        sut.presenter = presenter
        presenter.viewController = view
        view.interactor = sut
        await sut.loadList(request: .init()).value
        return view
    }

    func testOfflineTheBarSaysTheMonthOfTheOldestRecording() async {
        let view = await load(
            [
                1: list(1, source: .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(year: 2025, month: 8, day: 14))),
                2: list(2, source: .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(year: 2024, month: 1, day: 5)))
            ],
            marks: [mark(1, 1, at: 100), mark(2, 2, at: 200)])
        XCTAssertEqual(view.viewModel?.rows.map(\.next), ["S01E03 ‘E3’", "S01E02 ‘E2’"])
        XCTAssertEqual(view.statusBar.source, "2 started shows · episode lists recorded January 2024")
    }

    func testKeptAnswersSayTheOldestTimeSavedInTheViewersZone() async {
        // 2025-11-12 14:02 UTC and a day later.
        let view = await load(
            [
                1: list(1, source: .cache(provider: .tvmaze, savedAt: 1_762_956_120)),
                2: list(2, source: .cache(provider: .tvmaze, savedAt: 1_763_042_520)),
                3: list(3, source: .live(provider: .tvmaze))
            ],
            marks: [mark(1, 1, at: 100), mark(2, 1, at: 200), mark(3, 1, at: 300)])
        XCTAssertEqual(view.statusBar.source, "3 started shows · episode lists as of 12 Nov 14:02")
    }

    func testLiveListsSayNothingMore() async {
        let view = await load([1: list(1, source: .live(provider: .tvmaze))], marks: [mark(1, 1, at: 100)])
        XCTAssertEqual(view.statusBar.source, "1 started show")
        XCTAssertEqual(view.viewModel?.rows.first?.detail, "2 left")
    }

    func testTheNextEpisodeThatEndsAnEndedSeasonIsBadgedAFinaleAndTheLastListedSeasonsIsNot() async {
        // Show 1: season 1 (three episodes) then a listed season 2, so S01E03 ends season 1.
        // Show 2: one season only, which may still be airing: its S01E03 gets no badge.
        let aired = now.addingTimeInterval(-86_400)
        let ended = ShowEpisodes(
            showID: 1,
            episodes: (1...3).map { Episode(id: 10 + $0, season: 1, number: $0, name: "E\($0)", airstamp: aired) }
                + [Episode(id: 21, season: 2, number: 1, name: "Next season", airstamp: aired)],
            source: .live(provider: .tvmaze))
        let airing = list(2, source: .live(provider: .tvmaze))
        let lists = [1: ended, 2: airing]
        let marks = [mark(1, 1, at: 200), mark(1, 2, at: 210), mark(2, 1, at: 100), mark(2, 2, at: 110)]
        let fetched = await ContinueItems.fetch(watched: WatchedFake(marks), episodes: { _ in OutlineStub(lists: lists) }, now: now)
        XCTAssertEqual(fetched.items.map { $0.progress?.nextUnwatched?.code }, ["S01E03", "S01E03"])
        XCTAssertEqual(fetched.items.map(\.badges), [[.finale], []])
        let view = await load(lists, marks: marks)
        XCTAssertEqual(view.viewModel?.rows.map(\.badge), ["FINALE", ""])
    }
}
