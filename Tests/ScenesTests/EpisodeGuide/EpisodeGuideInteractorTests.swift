import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// The guide's Interactor: loads through the Worker, says when nothing is recorded, keeps what
/// it has on a failure, retries a rate limit after its countdown, and stops on Esc.
@MainActor
final class EpisodeGuideInteractorTests: XCTestCase {
    private let guide = ShowEpisodes(
        showID: 7,
        episodes: [
            Episode(id: 1, season: 1, number: 1, name: "Pilot", rating: EpisodeRating(average: 7.5)),
            Episode(id: 2, season: 1, number: 2, name: "Second", rating: EpisodeRating(average: 8.1))
        ], source: .live(provider: .tvmaze))

    private func makeSUT(_ answers: [Result<ShowEpisodes?, SourceError>], clock: any Clock<Duration> = ImmediateClock())
        -> (EpisodeGuideInteractor, EpisodeGuidePresentationLogicSpy, EpisodesWorkerStub)
    {
        let worker = EpisodesWorkerStub(answers)
        let sut = EpisodeGuideInteractor(worker: worker, clock: clock)
        let spy = EpisodeGuidePresentationLogicSpy()
        sut.presenter = spy
        sut.show = makeShow(id: 7, name: "Seven")
        sut.startSeason = 1
        return (sut, spy, worker)
    }

    func testALoadPresentsLoadingThenTheGuideForTheStoredShow() async {
        let (sut, spy, worker) = makeSUT([.success(guide)])
        await sut.loadGuide(request: .init()).value
        XCTAssertEqual(spy.responses.first?.isLoading, true)
        XCTAssertEqual(spy.responses.last?.isLoading, false)
        XCTAssertEqual(spy.responses.last?.guide, guide)
        XCTAssertEqual(spy.responses.last?.startSeason, 1)
        let requests = await worker.requests
        XCTAssertEqual(requests, [7])
        // Asking again without retry reuses the guide.
        await sut.loadGuide(request: .init()).value
        let again = await worker.requests
        XCTAssertEqual(again, [7])
    }

    func testASourceWithoutTheShowSaysNothingIsRecorded() async {
        let (sut, spy, _) = makeSUT([.success(nil)])
        await sut.loadGuide(request: .init()).value
        XCTAssertEqual(spy.responses.last?.notRecorded, true)
        XCTAssertNil(spy.responses.last?.guide)
    }

    func testAFailureKeepsTheGuideOnScreenAndRSucceedsLater() async {
        let (sut, spy, _) = makeSUT([.success(guide), .failure(.unreachable(provider: .tvmaze, reason: "timed out")), .success(guide)])
        await sut.loadGuide(request: .init()).value
        await sut.loadGuide(request: .init(retry: true)).value
        XCTAssertEqual(spy.responses.last?.error, .unreachable(provider: .tvmaze, reason: "timed out"))
        XCTAssertEqual(spy.responses.last?.guide, guide, "what was on screen stays")
        await sut.loadGuide(request: .init(retry: true)).value
        XCTAssertNil(spy.responses.last?.error)
    }

    func testARateLimitCountsDownAndRetriesByItself() async throws {
        let clock = ImmediateClock()
        let (sut, spy, worker) = makeSUT([.failure(.rateLimited(provider: .tvmaze, retryAfterSeconds: 3)), .success(guide)], clock: clock)
        // The load's task ends after the countdown and the retry.
        await sut.loadGuide(request: .init()).value
        XCTAssertTrue(spy.responses.contains { $0.retryInSeconds == 3 && $0.error == .rateLimited(provider: .tvmaze, retryAfterSeconds: 3) })
        XCTAssertTrue(spy.responses.contains { $0.retryInSeconds == 1 })
        XCTAssertEqual(spy.responses.last?.guide, guide)
        XCTAssertNil(spy.responses.last?.error)
        let requests = await worker.requests
        XCTAssertEqual(requests, [7, 7])
        XCTAssertEqual(clock.sleeps, [.seconds(1), .seconds(1), .seconds(1)])
    }

    func testCancelStopsTheLoadAndNothingMoreIsPresented() async {
        let (sut, spy, _) = makeSUT([.success(guide)])
        let task = sut.loadGuide(request: .init())
        sut.cancel()
        await task.value
        XCTAssertEqual(spy.responses.count, 1, "only the loading state")
    }

    func testShowEpisodePresentsTheEpisodeAtTheCursor() async {
        let (sut, spy, _) = makeSUT([.success(guide)])
        await sut.loadGuide(request: .init()).value
        sut.showEpisode(request: .init(season: 1, index: 1))
        XCTAssertEqual(spy.episodes.last?.episode.name, "Second")
        XCTAssertEqual(spy.episodes.last?.showName, "Seven")
        sut.showEpisode(request: .init(season: 2, index: 0))
        XCTAssertEqual(spy.episodes.count, 1, "no such season")
    }
}
