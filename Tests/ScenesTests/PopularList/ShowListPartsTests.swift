import Domain
import TestSupport
import XCTest

@testable import Scenes

/// The shows list's collaborators on their own: `ShowFilter` (query, narrowing, order,
/// matches), `ShowPages` (merged pages), `ShowListLoading` (what loads) and `NarrowPicker`.
final class ShowListPartsTests: XCTestCase {
    private let shows = [
        TVShow(
            id: 1, name: "Beta", genres: ["Drama"], premiered: CalendarDate(year: 2010, month: 1, day: 1), rating: 7.0, weight: 99,
            broadcaster: Broadcaster(name: "HBO", kind: .network)),
        TVShow(id: 2, name: "alpha", genres: ["Comedy"], rating: 9.0, weight: 98, broadcaster: Broadcaster(name: "Netflix", kind: .webChannel)),
        TVShow(
            id: 3, name: "Gamma Beta", genres: ["Drama"], premiered: CalendarDate(year: 2020, month: 1, day: 1), weight: 97,
            broadcaster: Broadcaster(name: "HBO", kind: .network))
    ]

    func testTheFilterMatchesNarrowsAndSortsAndAGrowingQueryNarrowsItsMatches() {
        var filter = ShowFilter(services: nil)
        let names = NameFilter(namesOf: shows)
        XCTAssertFalse(filter.setQuery("b"))
        filter.match(shows, names: names)
        XCTAssertEqual(Set(filter.matches.ranked), [0, 2])
        XCTAssertTrue(filter.setQuery("be"), "a query that grows narrows the last matches")
        filter.match(shows, names: names, narrowing: true)
        XCTAssertEqual(filter.matches.ranked, [0, 2])
        XCTAssertFalse(filter.setQuery(""))
        filter.cycleSort()
        XCTAssertEqual(filter.sort, .rating)
        filter.match(shows, names: names)
        XCTAssertEqual(filter.matches.ranked, [1, 0, 2], "highest rating first, none last")
        filter.cycleSort()
        filter.match(shows, names: names)
        XCTAssertEqual(filter.matches.ranked, [2, 0, 1], "newest first, no premiere last")
        filter.narrow(to: .genre("Drama"))
        filter.match(shows, names: names)
        XCTAssertEqual(filter.matches.ranked, [2, 0])
        XCTAssertFalse(filter.admits(shows[1]))
        filter.clearMatches()
        XCTAssertEqual(filter.matches.ranked, [])
        XCTAssertEqual(filter.sort, .premiered, "the order and the narrowing outlast the matches")
    }

    func testTheNarrowChoicesAreMostCommonFirstWithOnMyServicesAhead() throws {
        let services = try StreamingServices(parsing: "netflix")
        let filter = ShowFilter(services: services)
        let choices = filter.narrowChoices(of: shows)
        XCTAssertEqual(choices.map(\.choice), [.onMyServices, .genre("Drama"), .genre("Comedy"), .network("HBO"), .network("Netflix")])
        XCTAssertEqual(choices.map(\.count), [1, 2, 1, 2, 1])
        XCTAssertTrue(filter.precedes(shows[0], shows[1]), "popularity: the heavier first")
    }

    func testPagesMergeWithoutRepeatsAndAFreshCopyReplacesItsCachedOne() {
        var pages = ShowPages()
        let cached = PagedResult(items: [shows[1], shows[1]], page: 0, hasMore: true, source: .cache(provider: .tvmaze, savedAt: 100))
        pages.merge([cached], replacing: true)
        pages.merge([PagedResult(items: [shows[2]], page: 1, hasMore: false, source: .live(provider: .tvmaze))], replacing: false)
        XCTAssertEqual(pages.shows.map(\.id), [2, 3], "one copy of each, in popularity order")
        XCTAssertEqual(pages.summary(landed: cached).source, .cache(provider: .tvmaze, savedAt: 100), "the stalest page names the source")
        XCTAssertEqual(pages.summary(landed: cached).lastPage, 1)
        XCTAssertFalse(pages.summary(landed: cached).hasMore)
        pages.merge([PagedResult(items: [shows[0]], page: 0, hasMore: true, source: .live(provider: .tvmaze))], replacing: false)
        XCTAssertEqual(pages.shows.map(\.id), [1, 3], "page 0's fresh copy took the cached one's place")
        XCTAssertEqual(pages.summary(landed: cached).source, .live(provider: .tvmaze))
        XCTAssertTrue(pages.contains(page: 1))
        pages.removeAll()
        XCTAssertFalse(pages.contains(page: 0))
        XCTAssertEqual(pages.shows, [])
    }

    func testAWholeCatalogueTakesThePagesPlaceOnlyWhenTheyAreItsBeginning() {
        let whole = PagedResult(items: shows, page: 4, hasMore: false, source: .snapshotFile(path: "s.json"))
        var pages = ShowPages()
        pages.merge([PagedResult(items: [shows[0]], page: 0, hasMore: true, source: .snapshotFile(path: "s.json"))], replacing: true)
        XCTAssertTrue(pages.takeWhole(whole, names: NameFilter(namesOf: shows)))
        XCTAssertEqual(pages.shows.map(\.id), [1, 2, 3], "in the catalogue's own order")
        var other = ShowPages()
        other.merge([PagedResult(items: [shows[2]], page: 0, hasMore: true, source: .snapshotFile(path: "s.json"))], replacing: true)
        XCTAssertFalse(other.takeWhole(whole, names: NameFilter(namesOf: shows)), "not its beginning: merged as a page")
        XCTAssertEqual(other.shows.map(\.id), [1, 2, 3])
    }

    /// A whole catalogue taken before its names are folded: the pages' names, its first
    /// shows', stay; a filter looks among them, no query lists every show (with a narrowing
    /// too); its names are taken only when they are as many as its shows, and then a filter
    /// looks through every show.
    func testAWholeCatalogueTakenBeforeItsNamesIsListedWholeAndFilteredOnceTheyCome() {
        let whole = PagedResult(items: shows, page: 4, hasMore: false, source: .snapshotFile(path: "s.json"))
        var pages = ShowPages()
        pages.merge([PagedResult(items: [shows[0]], page: 0, hasMore: true, source: .snapshotFile(path: "s.json"))], replacing: true)
        XCTAssertTrue(pages.takeWhole(whole, names: nil))
        XCTAssertTrue(pages.awaitsNames)
        XCTAssertEqual(pages.shows.count, 3)
        XCTAssertEqual(pages.names.count, 1, "the first page's names stay")
        var filter = ShowFilter(services: nil)
        filter.match(pages.shows, names: pages.names)
        XCTAssertEqual(filter.matches.ranked, [0, 1, 2], "no query: every show")
        _ = filter.setQuery(shows[2].name)
        filter.match(pages.shows, names: pages.names)
        XCTAssertEqual(filter.matches.ranked, [], "a show whose name is not folded yet is not found")
        _ = filter.setQuery(shows[0].name)
        filter.match(pages.shows, names: pages.names)
        XCTAssertEqual(filter.matches.ranked, [0])
        XCTAssertFalse(pages.takeNames(NameFilter(namesOf: Array(shows.prefix(2)))), "as many names as shows only")
        XCTAssertTrue(pages.awaitsNames)
        XCTAssertTrue(pages.takeNames(NameFilter(namesOf: shows)))
        XCTAssertFalse(pages.awaitsNames)
        XCTAssertFalse(pages.takeNames(NameFilter(namesOf: shows)), "taken once")
        _ = filter.setQuery(shows[2].name)
        filter.match(pages.shows, names: pages.names)
        XCTAssertEqual(filter.matches.ranked, [2])
        pages.merge([whole], replacing: true)
        XCTAssertFalse(pages.awaitsNames, "a merge folds its names")
    }

    /// A query that grows while the names are being folded looks among the names there are,
    /// however many shows no query matched before it.
    func testAGrowingQueryWhileTheNamesAreFoldedLooksAmongTheFoldedNames() {
        let whole = PagedResult(items: shows, page: 4, hasMore: false, source: .snapshotFile(path: "s.json"))
        var pages = ShowPages()
        pages.merge([PagedResult(items: [shows[0]], page: 0, hasMore: true, source: .snapshotFile(path: "s.json"))], replacing: true)
        XCTAssertTrue(pages.takeWhole(whole, names: nil))
        var filter = ShowFilter(services: nil)
        filter.match(pages.shows, names: pages.names)
        let name = shows[0].name
        _ = filter.setQuery(String(name.prefix(1)))
        filter.match(pages.shows, names: pages.names)
        let narrowing = filter.setQuery(String(name.prefix(2)))
        XCTAssertTrue(narrowing)
        filter.match(pages.shows, names: pages.names, narrowing: narrowing)
        XCTAssertEqual(filter.matches.ranked, [0])
    }

    func testLoadingTracksRefreshesFailuresAndTheMomentsPresentedOnce() {
        var loading = ShowListLoading()
        loading.restart()
        XCTAssertTrue(loading.isLoading)
        loading.received(PagedResult(items: [], page: 0, hasMore: true, source: .cache(provider: .tvmaze, savedAt: 1)), fallback: [])
        XCTAssertTrue(loading.isRefreshing, "a cached copy waits for its fresh one")
        loading.received(PagedResult(items: [], page: 0, hasMore: true, source: .live(provider: .tvmaze)), fallback: [])
        XCTAssertFalse(loading.isRefreshing)
        loading.landed()
        loading.selectLastWhenLoaded = true
        loading.tookWhole = true
        XCTAssertEqual(loading.takeMoments(hasMore: true).selectLast, false, "End's selection waits for the rest")
        XCTAssertEqual(loading.takeMoments(hasMore: false).selectLast, true)
        XCTAssertEqual(loading.takeMoments(hasMore: false).selectLast, false, "once")
        loading.startNextPage()
        loading.wantsNextPage = true
        loading.failed(page: 1, .unreachable(provider: .tvmaze, reason: "down"))
        XCTAssertFalse(loading.isLoadingMore)
        XCTAssertFalse(loading.wantsNextPage)
        XCTAssertNotNil(loading.error)
        loading.restart()
        XCTAssertNil(loading.error)
    }

    func testThePickerMovesJumpsChoosesAndCloses() {
        let lines: [PopularList.Narrow.ViewModel.Line] = [
            .init(choice: nil, label: "Every show"), .init(choice: .genre("Drama"), label: "Genre: Drama (2)"),
            .init(choice: .genre("Documentary"), label: "Genre: Documentary (1)"), .init(choice: .network("HBO"), label: "Network: HBO (2)")
        ]
        var picker = NarrowPicker()
        XCTAssertEqual(picker.handle(.enter), .closed, "closed: nothing to choose")
        picker.open(.init(lines: lines, currentIndex: 0))
        XCTAssertEqual(picker.handle(.character("d")), .handled)
        XCTAssertEqual(picker.handle(.character("o")), .handled)
        XCTAssertEqual(picker.handle(.enter), .chose(.genre("Documentary")), "`do` jumps past Drama")
        XCTAssertNil(picker.choices)
        picker.open(.init(lines: lines, currentIndex: 1))
        XCTAssertEqual(picker.handle(.down), .handled)
        XCTAssertEqual(picker.handle(.down), .handled)
        XCTAssertEqual(picker.handle(.enter), .chose(.network("HBO")))
        picker.open(.init(lines: lines, currentIndex: 1))
        XCTAssertEqual(picker.handle(.character("q")), .closed)
    }
}
