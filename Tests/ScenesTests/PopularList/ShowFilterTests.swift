import Domain
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

final class ShowFilterTests: XCTestCase {
    func testMatchesFoldCaseAndAccentsAndNeverSpanTwoNames() {
        let sut = NameFilter(names: ["Amélie", "Breaking Bad", "AMERICAN Dad", "ab", "cd", "Ｗｉｄｅ"])
        XCTAssertEqual(sut.matches(NameFilter.fold("ame")), [0, 2])
        XCTAssertEqual(sut.matches(NameFilter.fold("AMÉ")), [0, 2])
        XCTAssertEqual(sut.matches(NameFilter.fold("bc")), [], "the end of one name and the start of the next")
        XCTAssertEqual(sut.matches(NameFilter.fold("d")), [1, 2, 4, 5])
        XCTAssertEqual(sut.matches(NameFilter.fold("wide")), [5])
        XCTAssertEqual(sut.matches(NameFilter.fold("")), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(sut.matches(NameFilter.fold("a name longer than any")), [])
    }

    func testLettersDiacriticFoldingKeepsAreFoundByTheirLatinLetters() {
        let sut = NameFilter(names: ["Kız Kulesi", "Konyalı", "Ødegaard", "Æon Flux", "Straße", "Đorđe", "Łódź", "Œuvre", "İstanbul", "Kiz"])
        XCTAssertEqual(sut.matches(NameFilter.fold("kiz")), [0, 9])
        XCTAssertEqual(sut.matches(NameFilter.fold("KIZ")), [0, 9])
        XCTAssertEqual(sut.matches(NameFilter.fold("kız")), [0, 9], "typed with the dotless ı too")
        XCTAssertEqual(sut.matches(NameFilter.fold("konyali")), [1])
        XCTAssertEqual(sut.matches(NameFilter.fold("odegaard")), [2])
        XCTAssertEqual(sut.matches(NameFilter.fold("aeon")), [3])
        XCTAssertEqual(sut.matches(NameFilter.fold("strasse")), [4])
        XCTAssertEqual(sut.matches(NameFilter.fold("dorde")), [5])
        XCTAssertEqual(sut.matches(NameFilter.fold("lodz")), [6])
        XCTAssertEqual(sut.matches(NameFilter.fold("oeuvre")), [7])
        XCTAssertEqual(sut.matches(NameFilter.fold("istanbul")), [8])
    }

    func testContainingFindsTheQueryWholeOnlyWithTheSameFoldingAndNarrows() {
        let sut = NameFilter(names: ["Café Mavra", "Kız Kulesi", "", "CAFE Nero", "Cinema Fuar", "Konyalı"])
        XCTAssertEqual(sut.containing(NameFilter.fold("cafe")), [0, 3])
        XCTAssertEqual(sut.containing(NameFilter.fold("kız")), [1])
        XCTAssertEqual(sut.containing(NameFilter.fold("KIZ KULESI")), [1])
        XCTAssertEqual(sut.containing(NameFilter.fold("ı")), [1, 4, 5], "ı folds to i, as Cinema has it")
        XCTAssertEqual(sut.containing(NameFilter.fold("yalı")), [5])
        // Letters in order are not enough: "cafe" is in Cinema Fuar only as c…a…f…e.
        XCTAssertEqual(sut.matches(NameFilter.fold("cmfu")), [4])
        XCTAssertEqual(sut.containing(NameFilter.fold("cmfu")), [])
        XCTAssertEqual(sut.containing([]), [0, 1, 2, 3, 4, 5], "the empty query matches every name, an empty one too")
        XCTAssertEqual(sut.containing(NameFilter.fold("cafe n"), among: [0, 3]), [3])
    }

    func testNarrowingLooksOnlyAmongThePreviousMatches() {
        var sut = NameFilter(names: ["Alpha", "Beta"])
        sut.append(["Alphabet", "Gamma"])
        XCTAssertEqual(sut.count, 4)
        let alp = sut.matches(NameFilter.fold("alp"))
        XCTAssertEqual(alp, [0, 2])
        XCTAssertEqual(sut.matches(NameFilter.fold("alphab"), among: alp), [2])
        XCTAssertEqual(sut.matches(NameFilter.fold("a"), among: [1, 3]), [1, 3])
        XCTAssertEqual(sut.matches(NameFilter.fold("gamma")), [3], "the last name")
    }
}

/// The ranking of matches (exact, whole word, word prefix, inside a word, subsequence) and what the
/// list shows of it: order, highlighted characters, a selection that stays put.
@MainActor
final class RankedFilterTests: XCTestCase {
    private func ranked(_ names: [String], _ query: String) -> [String] {
        let sut = NameFilter(names: names)
        let q = NameFilter.fold(query)
        return sut.ranked(q, sut.matches(q)).map { names[$0] }
    }

    func testExactThenWholeWordThenWordPrefixThenInsideThenSubsequenceTiesInListOrder() async {
        let names = [
            "Girlfriends' Guide to Divorce", "Friendship", "Best Friends Forever", "Fried Ends", "Friends", "Friends from College", "Boyfriends"
        ]
        XCTAssertEqual(
            ranked(names, "friends"),
            [
                "Friends", "Best Friends Forever", "Friends from College", "Friendship", "Girlfriends' Guide to Divorce", "Boyfriends",
                "Fried Ends"
            ])
    }

    func testAWholeWordGoesBeforeTheStartOfANameOfAMorePopularShow() async {
        // Given the list in popularity order: Breaking Bad before Prison Break
        let names = ["Breaking Bad", "Jailbreak", "Prison Break", "The Break", "Break Point"]

        // Then `break` as a whole word (anywhere, the first word too) goes first, popularity
        // breaking the tie; then at a word's start; then inside a word
        XCTAssertEqual(ranked(names, "break"), ["Prison Break", "The Break", "Break Point", "Breaking Bad", "Jailbreak"])
        // One letter: a word of its own before a word's start before inside a word
        XCTAssertEqual(ranked(["Arrow", "Man on a Wire", "Banana", "A"], "a"), ["A", "Man on a Wire", "Arrow", "Banana"])
        // A query of two words is whole when both ends are
        XCTAssertEqual(
            ranked(["Game of Thrones Recap", "A Game of Thrones", "Game of Thronesy"], "game of thrones"),
            [
                "Game of Thrones Recap", "A Game of Thrones", "Game of Thronesy"
            ])
        // The letters underlined are the whole word's
        XCTAssertEqual(NameFilter.matchedCharacters(in: "Breakout: Prison Break", query: "break"), [17, 18, 19, 20, 21])
    }

    func testByRatingAFewVotesAt10GoAfterThousandsAt8Point9() async {
        // Given TMDB's counts and TVmaze's weights, in popularity order
        let shows = [
            TVShow(id: 1, name: "Ten from three", rating: 10, popularityRank: 1, voteCount: 3),
            TVShow(id: 2, name: "Obscure", rating: 9.5, weight: 2),
            TVShow(id: 3, name: "Widely rated", rating: 8.9, popularityRank: 3, voteCount: 4_000),
            TVShow(id: 4, name: "Followed", rating: 8.0, weight: 95),
            TVShow(id: 5, name: "Unrated", weight: 99)
        ]
        var sut = ShowFilter(services: nil)
        sut.cycleSort()

        // When sorted by rating
        sut.match(shows, names: NameFilter(names: shows.map(\.name)))

        // Then the Bayesian average decides, the unrated last
        XCTAssertEqual(sut.matches.ranked.map { shows[$0].id }, [3, 4, 2, 1, 5])
        XCTAssertTrue(sut.precedes(shows[2], shows[0]))
        XCTAssertFalse(sut.precedes(shows[0], shows[2]))
    }

    func testASubsequenceWithFewerGapsRanksHigherAndNothingOutOfOrderMatches() async {
        let names = ["Stranger Things", "Stargate SG-1", "Stargate Universe", "SG1 Files", "Gossip"]
        XCTAssertEqual(ranked(names, "sg1"), ["SG1 Files", "Stargate SG-1"])
        XCTAssertEqual(ranked(names, "1gs"), [])
        // "sgu": Stargate Universe (s…g…u over "stargate u") and Stargate SG-1 has no u after g.
        XCTAssertEqual(ranked(names, "sgu"), ["Stargate Universe"])
    }

    func testNarrowingAmongTheMatchesOfAShorterQueryFindsTheSameAsAFullScan() async {
        let names = (0..<500).map { "Show \($0 * 7919 % 1000) \($0 % 3 == 0 ? "Stargate SG-1" : "Other")" }
        let sut = NameFilter(names: names)
        let short = sut.matches(NameFilter.fold("sg"))
        XCTAssertEqual(sut.matches(NameFilter.fold("sg1"), among: short), sut.matches(NameFilter.fold("sg1")))
        XCTAssertEqual(sut.matches(NameFilter.fold("sg1")).count, 167)
    }

    func testTheEmbeddedSnapshotPutsFriendsFirstAndFindsStargateSG1() async throws {
        let catalog = try ShowCatalog.embedded()
        let names = catalog.shows.map(\.name)
        XCTAssertEqual(ranked(names, "friends").first, "Friends")
        XCTAssertTrue(ranked(names, "sg1").contains("Stargate SG-1"))
        XCTAssertEqual(ranked(names, "sg1").first, "Stargate SG-1")
    }

    func testTheMatchedCharactersAreThoseTheRankingJudged() async {
        XCTAssertEqual(NameFilter.matchedCharacters(in: "Stargate SG-1", query: "sg1"), [9, 10, 12])
        XCTAssertEqual(NameFilter.matchedCharacters(in: "Girlfriends' Guide", query: "gu"), [13, 14], "a word start before an inner match")
        XCTAssertEqual(NameFilter.matchedCharacters(in: "Amélie", query: "ame"), [0, 1, 2], "folded per character")
        XCTAssertEqual(NameFilter.matchedCharacters(in: "Straße", query: "strasse"), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(NameFilter.matchedCharacters(in: "Fargo", query: "xyz"), [])
    }

    private func makeList(_ names: [String]) async throws -> PopularListViewController {
        try await makeList(worker: TVShowsWorkerStub(pages: [makeShows(names)]), rows: names.count)
    }

    /// A list on `worker`, once its first page is shown (`rows` rows).
    private func makeList(worker: TVShowsWorkerStub, rows: Int) async throws -> PopularListViewController {
        let spy = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: worker, navigator: spy, display: spy)
        let list = harness.factory.makePopularList()
        list.sceneDidAppear()
        retained = [harness, spy]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, rows)
        return list
    }
    private var retained: [AnyObject] = []

    func testTheSelectionStaysOnItsShowWhileItStillMatches() async throws {
        let list = try await makeList(["Lost", "Love Island", "Lovejoy", "Loving", "Fargo"])
        _ = list.handle(key: .character("/"))
        for c in "Love" { _ = list.handle(key: .character(c)) }
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Love Island", "Lovejoy"])
        _ = list.handle(key: .down)
        XCTAssertEqual(list.cursor.selectedID, list.viewModel?.rows.id(at: 1))
        let chosen = list.cursor.selectedID
        for _ in 0..<3 { _ = list.handle(key: .backspace) }
        XCTAssertEqual(list.filter.text, "L")
        XCTAssertEqual(list.cursor.selectedID, chosen, "Backspace to /L keeps Lovejoy selected")
        // A growing query keeps a chosen show while it matches, and leaves it when it does not.
        _ = list.handle(key: .character("o"))
        XCTAssertEqual(list.cursor.selectedID, chosen)
        _ = list.handle(key: .character("s"))
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Lost", "Love Island"], "Lovejoy no longer matches")
        XCTAssertEqual(list.cursor.index, 0)
    }

    /// A snapshot list whose first page is loaded and whose second page holds better matches,
    /// read when the filter starts.
    private func makeSnapshotList(first: [String], rest: [String]) async throws -> PopularListViewController {
        let worker = TVShowsWorkerStub(pages: [makeShows(first), makeShows(rest, startID: 100, weight: 50)])
        await worker.setSource(.embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        return try await makeList(worker: worker, rows: first.count)
    }

    func testBetterMatchesArrivingForTheSameQueryTakeATopSelectionToTheNewBest() async throws {
        let list = try await makeSnapshotList(first: ["Zandrea Tales", "Fargo", "Mandrea"], rest: ["Andrea"])
        _ = list.handle(key: .character("/"))
        for c in "andrea" { _ = list.handle(key: .character(c)) }
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Zandrea Tales", "Mandrea"], "the loaded page first")
        XCTAssertEqual(list.cursor.index, 0)
        // The rest of the snapshot arrives while the query stays the same.
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Andrea", "Zandrea Tales", "Mandrea"])
        XCTAssertEqual(list.cursor.index, 0, "the top row stays the best match, as when the query grows")
        XCTAssertEqual(list.cursor.selectedID, list.viewModel?.rows.id(at: 0))
    }

    func testAShowChosenBelowTheTopKeepsItsSelectionWhenMoreMatchesArrive() async throws {
        let list = try await makeSnapshotList(first: ["Zandrea Tales", "Fargo", "Mandrea"], rest: ["Andrea"])
        _ = list.handle(key: .character("/"))
        for c in "andrea" { _ = list.handle(key: .character(c)) }
        _ = list.handle(key: .down)
        let chosen = list.cursor.selectedID
        XCTAssertEqual(chosen, list.viewModel?.rows.id(at: 1))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.map(\.name), ["Andrea", "Zandrea Tales", "Mandrea"])
        XCTAssertEqual(list.cursor.selectedID, chosen, "Mandrea stays selected, now on row 2")
        XCTAssertEqual(list.cursor.index, 2)
    }

    func testAGrowingQueryWithTheTopRowSelectedFollowsTheBestMatch() async throws {
        let list = try await makeList(["Fargo", "Girlfriends' Guide to Divorce", "Friends"])
        _ = list.handle(key: .character("/"))
        for c in "friends" { _ = list.handle(key: .character(c)) }
        XCTAssertEqual(list.viewModel?.rows.first?.name, "Friends")
        XCTAssertEqual(list.cursor.index, 0)
        XCTAssertEqual(list.viewModel?.rows.first?.highlights, Array(0..<7))
    }

    func testMatchedCharactersAreDrawnHighlighted() async throws {
        let list = try await makeList(["Stargate SG-1", "Fargo"])
        _ = list.handle(key: .character("/"))
        for c in "sg1" { _ = list.handle(key: .character(c)) }
        let canvas = GridCanvas(width: 80, height: 10)
        list.draw(on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 80))
        let line = canvas.line(1)
        guard let start = line.range(of: "Stargate SG-1") else { return XCTFail(line) }
        let column = line.distance(from: line.startIndex, to: start.lowerBound)
        let roles = (0..<13).map { canvas.cells[1][column + $0].role }
        XCTAssertEqual(roles.enumerated().filter { $0.element == .selectedMatch }.map(\.offset), [9, 10, 12])
    }

    func testTheRankColumnFitsTheLargestRankWhenTheBestMatchHasASmallOne() async throws {
        let names = (0..<120).map { $0 == 5 ? "Friends" : $0 == 110 ? "Girlfriends" : "Show \($0)" }
        let list = try await makeList(names)
        _ = list.handle(key: .character("/"))
        for c in "friends" { _ = list.handle(key: .character(c)) }
        XCTAssertEqual(list.viewModel?.rows.map(\.rank), ["6", "111"])
        let canvas = GridCanvas(width: 80, height: 10)
        list.draw(on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 80))
        XCTAssertTrue(canvas.line(2).contains("111 Girlfriends"), canvas.line(2))
        XCTAssertFalse(canvas.plainText.contains("1…"), canvas.plainText)
    }
}
