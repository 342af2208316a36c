import Domain
import Terminal
import XCTest

@testable import Scenes

/// The views draw what the view models say: the style of a message, the show's id, the
/// credit and the map's note come from the Presenter, never from the text or the router.
@MainActor
final class ViewModelMeaningTests: XCTestCase {
    private let area = Rect(row: 0, column: 0, height: 10, width: 80)

    private func placesResponse(error: SourceError?, retryIn: Int? = nil) throws -> NearbyPOIs.LoadPOIs.Response {
        .init(
            places: [], totalCount: 0, query: "", center: try TestPOIs.center(), city: nil, defaultAreaName: nil,
            snapshotAreaNames: [], radiusMeters: 2_000, category: nil, source: .live(provider: .overpass),
            fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: false, error: error, retryInSeconds: retryIn)
    }

    private func drawn(_ view: SceneViewController) -> GridCanvas {
        let canvas = GridCanvas(width: area.width, height: area.height)
        view.draw(on: canvas, in: area)
        return canvas
    }

    func testThePOIsPresenterMarksAFailureAndItsCountdownAsErrorsAndEmptyAnswersAsInformation() async throws {
        let countdown = NearbyPOIsPresenter.viewModel(
            for: try placesResponse(error: .rateLimited(provider: .geoapify, retryAfterSeconds: 9), retryIn: 9),
            units: .metric, now: 0)
        let failure = NearbyPOIsPresenter.viewModel(
            for: try placesResponse(error: .unreachable(provider: .overpass, reason: "timed out")),
            units: .metric, now: 0)
        let empty = NearbyPOIsPresenter.viewModel(for: try placesResponse(error: nil), units: .metric, now: 0)
        XCTAssertEqual([countdown, failure, empty].map(\.emptyMessageStyle), [.error, .error, .info])
    }

    func testThePOIsListDrawsTheEmptyMessageByItsStyleNotByItsWords() async throws {
        let view = NearbyPOIsViewController()
        // A failure that never says "retry" is still drawn as an error…
        var failure = NearbyPOIsPresenter.viewModel(for: try placesResponse(error: nil), units: .metric, now: 0)
        failure.emptyMessageStyle = .error
        view.displayPOIs(viewModel: failure)
        let message = try XCTUnwrap(failure.emptyMessage)
        XCTAssertFalse(message.contains("retry"))
        XCTAssertEqual(drawn(view).cells[2][2].role, .error, message)
        // …and information that mentions retrying is drawn dim.
        var info = NearbyPOIsPresenter.viewModel(
            for: try placesResponse(error: .rateLimited(provider: .geoapify, retryAfterSeconds: 9), retryIn: 9),
            units: .metric, now: 0)
        XCTAssertTrue(info.emptyMessage?.contains("retry") == true)
        info.emptyMessageStyle = .info
        view.displayPOIs(viewModel: info)
        XCTAssertEqual(drawn(view).cells[2][2].role, .dim)
    }

    func testTheShowsListDrawsTheEmptyMessageByItsStyleNotByItsWords() async throws {
        let presenter = PopularListPresenter(now: { 0 })
        let spy = PopularListDisplayLogicSpy()
        presenter.viewController = spy
        func present(_ error: SourceError?, countdown: Int? = nil) -> PopularList.LoadShows.ViewModel? {
            presenter.presentShows(
                response: .init(
                    shows: [], totalCount: 0, query: "", source: .live(provider: .tvmaze), fallbackReasons: [],
                    isLoading: false, isLoadingMore: false, hasMore: false, error: error, retryInSeconds: countdown))
            return spy.viewModels.last
        }
        let failure = try XCTUnwrap(present(.unreachable(provider: .tvmaze, reason: "host not found")))
        let countdown = try XCTUnwrap(present(.rateLimited(provider: .tvmaze, retryAfterSeconds: 8), countdown: 8))
        var empty = try XCTUnwrap(present(nil))
        XCTAssertEqual([failure, countdown, empty].map(\.emptyMessageStyle), [.error, .error, .info])

        let view = PopularListViewController()
        view.displayShows(viewModel: empty)
        XCTAssertEqual(drawn(view).cells[1][2].role, .dim, empty.emptyMessage ?? "")
        empty.emptyMessageStyle = .error
        view.displayShows(viewModel: empty)
        XCTAssertEqual(drawn(view).cells[1][2].role, .error, "the style, not the words \(empty.emptyMessage ?? "")")
    }

    func testTheShowDetailsMarkAndToggleTheFavouriteByTheViewModelsShowID() async {
        let presenter = ShowDetailPresenter(now: { 0 }, airClock: .utc(at: 0))
        let view = ShowDetailViewController()
        let marks = FavouriteMarksRequestSpy()
        view.marks = marks
        presenter.viewController = view
        // No router, no data store: the view model alone names the show.
        presenter.presentDetails(response: .init(show: TVShow(id: 82, name: "Game of Thrones"), details: nil, isLoading: true, error: nil))
        XCTAssertEqual(view.viewModel?.id, 82)
        XCTAssertFalse(view.isFavourite)
        view.displayMarks(viewModel: .init(ids: ["82"], message: nil, messageIsError: false))
        XCTAssertTrue(view.isFavourite)
        XCTAssertTrue(view.handle(key: .character("f")))
        XCTAssertEqual(marks.toggled, ["82"])
    }

    func testThePOIsCreditAndTheWideMapsNoteComeFromTheViewModel() async throws {
        let view = NearbyPOIsViewController()
        var viewModel = NearbyPOIsPresenter.viewModel(for: try placesResponse(error: nil), units: .metric, now: 0)
        XCTAssertEqual(viewModel.credit, "Places: OpenStreetMap contributors (ODbL), Geoapify; cities: GeoNames (CC BY 4.0)")
        XCTAssertEqual(viewModel.mapBesideListMessage, "The map is always beside the list at 100 columns or more")
        viewModel.credit = "credit from the presenter"
        viewModel.mapBesideListMessage = "note from the presenter"
        view.displayPOIs(viewModel: viewModel)
        XCTAssertEqual(view.credit, "credit from the presenter")
        view.draw(on: GridCanvas(width: 120, height: 30), in: Rect(row: 0, column: 0, height: 30, width: 120))
        XCTAssertTrue(view.handle(key: .character("m")))
        XCTAssertEqual(view.statusBar.message, "note from the presenter")
    }

    func testTheCopyKeysSayThePresentersWordsForEachOutcome() async throws {
        let center = try TestPOIs.center()
        let withID = NearbyPlacesList.place(TestPOIs.poi("osm:node/7", "Kahve", at: try TestPOIs.north(50)), from: center)
        var viewModel = NearbyPOIsPresenter.viewModel(for: .init(place: withID), units: .metric, now: 0)
        XCTAssertEqual(
            viewModel.copyIDNotes,
            .init(
                sent: "Whole source id sent to the clipboard (OSC 52)",
                noClipboard: "No clipboard here: the whole source id is in --json",
                refused: "No clipboard on this terminal: the whole source id is in --json",
                nothing: "This place has no source id to copy"))
        XCTAssertEqual(viewModel.copyWebsiteNotes?.nothing, "This place has no web address to copy")
        viewModel.copyIDNotes = .init(sent: "id sent", noClipboard: "no clipboard", refused: "refused", nothing: "no id")
        viewModel.copyWebsiteNotes = .init(sent: "site sent", noClipboard: "no clipboard", refused: "refused", nothing: "no site")
        let view = NearbyPOIsViewController()
        view.displayPOIDetails(viewModel: viewModel)
        _ = view.handle(key: .character("y"))
        XCTAssertEqual(view.statusBar.message, "no clipboard")
        let clipboard = ClipboardSpy()
        view.clipboard = clipboard
        _ = view.handle(key: .character("y"))
        XCTAssertEqual(view.statusBar.message, "id sent")
        XCTAssertEqual(clipboard.copied, ["osm:node/7"])
        clipboard.works = false
        _ = view.handle(key: .character("y"))
        XCTAssertEqual(view.statusBar.message, "refused")
        _ = view.handle(key: .character("Y"))
        XCTAssertEqual(view.statusBar.message, "no site", "the place gives no web address")
    }

    func testTheMapsLegendCarriesEachMarksRoleAtEveryWidth() async {
        let text = CellText(repertoire: .unicode)
        for width in [27, 45, 57, 78] {
            for unicode in [true, false] {
                let items = MiniMap.legend(unicode: unicode, width: width, measure: text.width).flatMap { $0 }
                XCTAssertEqual(items.first?.role, .heading, "the centre's + first, at \(width)")
                XCTAssertEqual(items.filter { $0.role == .selected }.map(\.mark), [unicode ? "⠒" : "*"], "\(width)")
                XCTAssertEqual(items.filter { $0.role == .accent }.count, 2, "a place and a count, at \(width)")
            }
        }
    }

    func testTheFavouritesCreditComesFromTheViewModel() async {
        let presenter = FavouritesPresenter()
        let view = FavouritesViewController()
        presenter.viewController = view
        XCTAssertEqual(view.credit, "")
        presenter.presentFavourites(response: .init(favourites: [], isLoading: false, notice: nil, isInMemoryOnly: false, removedName: nil))
        XCTAssertEqual(view.credit, "Favourites are kept in favorites.json in Discover's data folder")
    }
}

/// Records the ids `f` asks to toggle.
@MainActor
private final class FavouriteMarksRequestSpy: FavouriteMarksBusinessLogic {
    private(set) var toggled: [String] = []
    func loadMarks(request: FavouriteMarks.LoadMarks.Request) {}
    func toggleMark(request: FavouriteMarks.ToggleMark.Request) { toggled.append(request.id) }
}
