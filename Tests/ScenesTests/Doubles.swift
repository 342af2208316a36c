import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import XCTest

@testable import App
@testable import Scenes

/// A Worker stub that serves fixed pages of shows and records what it was asked.
actor TVShowsWorkerStub: TVShowsWorking {
    var pages: [[TVShow]]
    var failure: SourceError?
    var detailFailure: SourceError?
    var source: DataSource = .live(provider: .tvmaze)
    /// The poster's URL the details carry; nil for none.
    var imageURL: String?
    private(set) var requestedPages: [Int] = []
    private(set) var requestedDetails: [Int] = []

    init(pages: [[TVShow]], failure: SourceError? = nil) {
        self.pages = pages
        self.failure = failure
    }

    func setFailure(_ failure: SourceError?) { self.failure = failure }
    func setSource(_ source: DataSource) { self.source = source }
    func setDetailFailure(_ failure: SourceError?) { self.detailFailure = failure }
    func setImageURL(_ url: String?) { self.imageURL = url }

    func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        requestedPages.append(page)
        if let failure { throw failure }
        let items = page < pages.count ? pages[page] : []
        return PagedResult(items: items, page: page, hasMore: page + 1 < pages.count, source: source)
    }

    func showDetails(for show: TVShow) async throws -> TVShowDetails {
        requestedDetails.append(show.id)
        if let detailFailure { throw detailFailure }
        var details = TVShowDetails(
            show: show, cast: [CastMember(personName: "Zach Woods", characterName: "Jared Dunn")],
            seasons: [SeasonSummary(number: 1, episodeCount: 8)], source: source)
        details.imageURL = imageURL
        return details
    }
}

@MainActor
final class PopularListPresentationLogicSpy: PopularListPresentationLogic {
    private(set) var responses: [PopularList.LoadShows.Response] = []
    /// The number of responses, to await one.
    let presented = AwaitableCount()
    func presentShows(response: PopularList.LoadShows.Response) {
        responses.append(response)
        presented.increment()
    }
    private(set) var narrowChoices: [PopularList.Narrow.Response] = []
    func presentNarrowChoices(response: PopularList.Narrow.Response) { narrowChoices.append(response) }
}

@MainActor
final class PopularListDisplayLogicSpy: PopularListDisplayLogic {
    private(set) var viewModels: [PopularList.LoadShows.ViewModel] = []
    func displayShows(viewModel: PopularList.LoadShows.ViewModel) { viewModels.append(viewModel) }
    private(set) var narrowChoices: [PopularList.Narrow.ViewModel] = []
    func displayNarrowChoices(viewModel: PopularList.Narrow.ViewModel) { narrowChoices.append(viewModel) }
}

@MainActor
final class ShowDetailDisplayLogicSpy: ShowDetailDisplayLogic {
    private(set) var viewModels: [ShowDetail.LoadDetails.ViewModel] = []
    func displayDetails(viewModel: ShowDetail.LoadDetails.ViewModel) { viewModels.append(viewModel) }
}

@MainActor
final class ShowDetailPresentationLogicSpy: ShowDetailPresentationLogic {
    private(set) var responses: [ShowDetail.LoadDetails.Response] = []
    func presentDetails(response: ShowDetail.LoadDetails.Response) { responses.append(response) }
}

@MainActor
final class NavigatorSpy: SceneNavigating, DisplayInvalidating {
    private(set) var pushed: [SceneViewController] = []
    private(set) var pops = 0
    private(set) var quits = 0
    private(set) var displayRequests = 0
    func push(_ scene: SceneViewController) { pushed.append(scene) }
    func pop() { pops += 1 }
    func quit() { quits += 1 }
    func setNeedsDisplay() { displayRequests += 1 }
}

/// Shows named and ranked for tests: `weight` falls with the index so the order is known.
func makeShows(_ names: [String], startID: Int = 1, weight: Int = 100) -> [TVShow] {
    names.enumerated().map { i, name in
        TVShow(
            id: startID + i, name: name, genres: ["Drama"], premiered: CalendarDate(year: 2010 + i % 10, month: 1, day: 1),
            rating: 8.0, weight: weight - i, broadcaster: Broadcaster(name: "HBO", kind: .network))
    }
}

/// Waits until the scenes that the retained factories made have nothing running: every use
/// case's task (`SceneFactory.effects`) and every queued save of the favourites.
/// - Parameter retained: a test's retained objects; the `SceneHarness`es and `SceneFactory`s among
///   them count.
@MainActor
func settle(_ retained: [AnyObject]) async {
    for case let harness as SceneHarness in retained {
        await harness.settle()
    }
    for case let factory as SceneFactory in retained {
        await factory.dependencies.effects.finished()
        await factory.dependencies.favourites?.saved()
        await factory.dependencies.effects.finished()
    }
}
