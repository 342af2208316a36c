import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// The ratings chart drawn on the in-memory canvas and read cell by cell, at 80x24, 120x40 and
/// 200x60, in colour, in monochrome and in ASCII, for Game of Thrones (8 seasons) and The
/// Simpsons (35 seasons, wider and longer than the screen), from the recorded episode lists.
@MainActor
final class EpisodeGuideViewTests: XCTestCase {
    enum Mode: CaseIterable { case color, mono, ascii }

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    private var retained: [AnyObject] = []

    /// The scene over the snapshot's recorded episodes, loaded.
    private func makeScene(showID: Int, name: String, startSeason: Int? = nil) async throws -> (EpisodeGuideViewController, ShowEpisodes) {
        let loaded = try await SnapshotEpisodesWorker().episodes(showID: showID)
        let guide = try XCTUnwrap(loaded)
        let vc = EpisodeGuideViewController()
        let interactor = EpisodeGuideInteractor(worker: SnapshotEpisodesWorker())
        let presenter = EpisodeGuidePresenter(clock: .utc(at: 1_764_590_400))
        vc.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = vc
        interactor.show = makeShow(id: showID, name: name)
        interactor.startSeason = startSeason
        retained = [interactor, presenter]
        await interactor.loadGuide(request: .init()).value
        return (vc, guide)
    }

    private func canvas(_ width: Int, _ height: Int, _ mode: Mode) -> GridCanvas {
        GridCanvas(width: width, height: height, text: CellText(repertoire: mode == .ascii ? .ascii : .unicode), colorInUse: mode != .mono)
    }

    /// The role a cell must have, worked out here from the rating (the documented scale).
    private func expectedRole(_ rating: Double?, best: Bool, worst: Bool, mode: Mode) -> TextRole {
        if mode == .mono { return best ? .strong : worst ? .underlined : rating == nil ? .dim : .normal }
        guard let rating else { return .dim }
        let shown = (rating * 10).rounded(.toNearestOrAwayFromZero) / 10
        switch shown {
        case ..<6.0: return .ratingPoor
        case ..<7.0: return .ratingWeak
        case ..<8.0: return .ratingFair
        case ..<8.5: return .ratingGood
        case ..<9.0: return .ratingGreat
        default: return .ratingExcellent
        }
    }

    /// Checks the heading and every visible cell, the average row, and the ASCII repertoire.
    private func checkChart(
        _ grid: GridCanvas, _ guide: ShowEpisodes, mode: Mode, firstSeason: Int, columns: Int, rows: Int,
        cursor: (season: Int, row: Int), bestID: Int, worstID: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        func text(_ y: Int, _ x: Int, _ n: Int) -> String { grid.cells[y][x..<(x + n)].map(\.text).joined() }
        let unrated = mode == .ascii ? "-" : "·"
        XCTAssertEqual(text(0, 1, 4), firstSeason > 0 ? (mode == .ascii ? "<   " : "‹   ") : "    ", "the corner", file: file, line: line)
        for k in 0..<columns {
            let season = guide.seasons[firstSeason + k]
            let x = 1 + 4 + k * 5
            XCTAssertEqual(text(0, x, 4), String(repeating: " ", count: 4 - "S\(season.number)".count) + "S\(season.number)", file: file, line: line)
            for r in 0..<rows {
                let label = "E\(r + 1)"
                if k == 0 { XCTAssertEqual(text(1 + r, 1, 3), String(repeating: " ", count: 3 - label.count) + label, file: file, line: line) }
                guard r < season.episodes.count else {
                    XCTAssertEqual(text(1 + r, x, 4), "    ", "no episode \(r + 1) in season \(season.number)", file: file, line: line)
                    continue
                }
                let episode = season.episodes[r]
                let rating = episode.rating?.average
                let shown = rating.map { DecimalText.fixed($0, decimals: 1) } ?? unrated
                XCTAssertEqual(text(1 + r, x, 4), String(repeating: " ", count: 4 - shown.count) + shown, "\(episode.code)", file: file, line: line)
                let selected = firstSeason + k == cursor.season && r == cursor.row
                let role = selected ? .selected : expectedRole(rating, best: episode.id == bestID, worst: episode.id == worstID, mode: mode)
                XCTAssertEqual(grid.cells[1 + r][x + 3].role, role, "\(episode.code) \(mode)", file: file, line: line)
            }
            let ratings = season.episodes.compactMap { $0.rating?.average }
            let average = ratings.isEmpty ? unrated : DecimalText.fixed(ratings.reduce(0, +) / Double(ratings.count), decimals: 1)
            XCTAssertEqual(text(1 + rows, x, 4), String(repeating: " ", count: 4 - average.count) + average, file: file, line: line)
        }
        XCTAssertEqual(text(1 + rows, 1, 3), "Avg", file: file, line: line)
        if mode == .ascii {
            for y in 0..<grid.height {
                let row = grid.line(y)
                XCTAssertTrue(row.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "row \(y) is ASCII: \(row)", file: file, line: line)
            }
        }
    }

    func testGameOfThronesChartCellByCellAtThreeSizesInColourMonoAndASCII() async throws {
        let (vc, guide) = try await makeScene(showID: 82, name: "Game of Thrones")
        for (width, height) in [(80, 24), (120, 40), (200, 60)] {
            for mode in Mode.allCases {
                let grid = canvas(width, height, mode)
                vc.draw(on: grid, in: grid.bounds)
                checkChart(
                    grid, guide, mode: mode, firstSeason: 0, columns: 8, rows: 10, cursor: (0, 0), bestID: guide.seasons[1].episodes[8].id,
                    worstID: guide.seasons[7].episodes[5].id)
                XCTAssertEqual(
                    grid.line(12).trimmingCharacters(in: .whitespaces),
                    "Best: S02E09 ‘Blackwater’ 9.2".replacingOccurrences(of: mode == .ascii ? "‘" : "~", with: "'").replacingOccurrences(of: mode == .ascii ? "’" : "~", with: "'"))
                XCTAssertTrue(grid.line(13).contains("Worst: S08E06 "), grid.line(13))
                XCTAssertTrue(grid.line(13).contains("The Iron Throne") && grid.line(13).contains("5.3"), grid.line(13))
                XCTAssertEqual(grid.cells[13][1].role, mode == .mono ? .underlined : .normal)
                XCTAssertEqual(grid.cells[12][1].role, mode == .mono ? .strong : .normal)
                // The legend: the scale in its colours, or what bold and underlined mean.
                if mode == .mono {
                    XCTAssertTrue(grid.line(14).hasPrefix(" bold best  underlined worst"), grid.line(14))
                } else if width == 80 {
                    XCTAssertTrue(grid.line(14).hasPrefix(" poor <6  weak 6.0  fair 7.0  good 8.0  great 8.5  excellent 9+"), grid.line(14))
                    XCTAssertEqual(grid.cells[14][1].role, .ratingPoor)
                    XCTAssertEqual(grid.cells[14][56].role, .ratingExcellent)
                } else {
                    // Beside the list, the chart's 44 cells hold the named steps over two lines.
                    XCTAssertTrue(grid.line(14).hasPrefix(" poor <6  weak 6.0  fair 7.0  "), grid.line(14))
                    XCTAssertTrue(grid.line(15).hasPrefix(" good 8.0  great 8.5  excellent 9+  "), grid.line(15))
                    XCTAssertTrue(grid.line(16).hasPrefix(" " + (mode == .ascii ? "-" : "·") + " unrated"), grid.line(16))
                    XCTAssertEqual(grid.cells[14][1].role, .ratingPoor)
                    XCTAssertEqual(grid.cells[14][10].role, .ratingWeak)
                    XCTAssertEqual(grid.cells[15][22].role, .ratingExcellent)
                }
            }
        }
    }

    func testBreakingBadsUnratedRecordingIsSaidInASentenceAndTheLegendIsNeverCut() async throws {
        // Given Breaking Bad's recorded episodes, none of them rated
        let (vc, _) = try await makeScene(showID: 169, name: "Breaking Bad")
        for width in [80, 76, 70, 60, 44] {
            let grid = canvas(width, 30, .color)
            vc.draw(on: grid, in: grid.bounds)
            let lines = (0..<grid.height).map { grid.line($0) }
            // Then a sentence says why, and the legend ends whole (or leaves a part out), never `unr…`
            XCTAssertTrue(lines.contains { $0.contains("No episode has a rating") }, "width \(width): \(lines.joined(separator: "\n"))")
            XCTAssertFalse(lines.contains { $0.contains("…") && $0.contains("·") && !$0.contains("Season") && !$0.contains("S0") }, "width \(width): \(lines.joined(separator: "\n"))")
            XCTAssertTrue(lines.contains { $0.hasSuffix("· unrated") || $0.contains("· unrated ") }, "width \(width): \(lines.joined(separator: "\n"))")
        }
    }

    func testTheEpisodeListSitsUnderTheChartAt80ColumnsAndBesideItWhenBothFit() async throws {
        let (vc, _) = try await makeScene(showID: 82, name: "Game of Thrones")
        let narrow = canvas(80, 24, .color)
        vc.draw(on: narrow, in: narrow.bounds)
        XCTAssertTrue(narrow.line(16).hasPrefix(" Season 1 · 10 episodes · 2011-04-18 – 2011-06-20 · average 8.5"), narrow.line(16))
        XCTAssertEqual(narrow.line(17), "  Ep      Name                                       Aired       Runtime  Rating")
        XCTAssertEqual(narrow.line(18), "▌ S01E01  Winter is Coming                           2011-04-18   60 min     8.2")
        XCTAssertEqual(narrow.cells[18][2].role, .normal)
        XCTAssertTrue(narrow.cells[18][10..<26].allSatisfy { $0.role == .selected }, "the name is selected")
        XCTAssertEqual(narrow.cells[18][77].role, .ratingGood)
        XCTAssertEqual(narrow.cells[18][53].role, .dim)
        let wide = canvas(120, 40, .color)
        vc.draw(on: wide, in: wide.bounds)
        XCTAssertTrue(wide.line(0).contains("  Season 1 · 10 episodes"), wide.line(0))
        XCTAssertTrue(wide.line(2).contains("▌ S01E01  Winter is Coming"), wide.line(2))
    }

    func testArrowsMoveTheCursorAndEnterOpensThatEpisodeEscClosesIt() async throws {
        let (vc, _) = try await makeScene(showID: 82, name: "Game of Thrones")
        for key in [Key.right, .right, .down, .down, .down, .down, .down, .down, .down, .down] { _ = vc.handle(key: key) }
        XCTAssertEqual(vc.cursor.season, 2)
        XCTAssertEqual(vc.cursor.row, 8)
        XCTAssertEqual(vc.statusBar.position, "S3 E9 · 3/8")
        _ = vc.handle(key: .enter)
        XCTAssertEqual(vc.episode?.title, "The Rains of Castamere")
        let page = canvas(80, 24, .color)
        vc.draw(on: page, in: page.bounds)
        XCTAssertEqual(page.line(0).trimmingCharacters(in: .whitespaces), "The Rains of Castamere")
        XCTAssertTrue(page.line(1).hasPrefix(" Game of Thrones · S03E09 · ★ 9.0"), page.line(1))
        _ = vc.handle(key: .escape)
        XCTAssertNil(vc.episode)
        XCTAssertEqual(vc.cursor.row, 8, "back on the same cell")
        // On to season 8, which has six episodes: the cursor lands on its last.
        for _ in 0..<5 { _ = vc.handle(key: .right) }
        XCTAssertEqual(vc.cursor.season, 7)
        XCTAssertEqual(vc.cursor.row, 5)
    }

    func testTheSimpsonsScrollsSidewaysKeepingTheEpisodeNumbersAndDownForLongSeasons() async throws {
        let (vc, guide) = try await makeScene(showID: 83, name: "The Simpsons")
        let best = guide.seasons[5].episodes[5].id
        let worst = guide.seasons[26].episodes[13].id
        for (width, height, columns, rows) in [(80, 24, 15, 12), (120, 40, 23, 25), (200, 60, 35, 25)] {
            for mode in Mode.allCases {
                let grid = canvas(width, height, mode)
                vc.draw(on: grid, in: grid.bounds)
                checkChart(grid, guide, mode: mode, firstSeason: 0, columns: columns, rows: rows, cursor: (0, 0), bestID: best, worstID: worst)
            }
        }
        // Every season is reached by moving right; the episode numbers stay at the left.
        for _ in 0..<34 { _ = vc.handle(key: .right) }
        for mode in Mode.allCases {
            let grid = canvas(80, 24, mode)
            vc.draw(on: grid, in: grid.bounds)
            checkChart(grid, guide, mode: mode, firstSeason: 20, columns: 15, rows: 12, cursor: (34, 0), bestID: best, worstID: worst)
            XCTAssertTrue(grid.line(0).hasSuffix(" S35 "), grid.line(0))
        }
        // Season 6's long run scrolls down to its 25th episode.
        vc.handle(key: .home)
        for _ in 0..<5 { _ = vc.handle(key: .right) }
        for _ in 0..<24 { _ = vc.handle(key: .down) }
        let grid = canvas(80, 24, .color)
        vc.draw(on: grid, in: grid.bounds)
        XCTAssertEqual(grid.line(12).prefix(4), " E25")
        XCTAssertEqual(grid.line(1).prefix(4), " E14")
        XCTAssertTrue(grid.line(14).contains("Best: S06E06 ‘Treehouse of Horror V’ 9.6"), grid.line(14))
    }

    func testTheGuideOpensOnTheSeasonPickedInTheDetails() async throws {
        let (vc, _) = try await makeScene(showID: 83, name: "The Simpsons", startSeason: 30)
        XCTAssertEqual(vc.cursor.season, 29)
        let grid = canvas(80, 24, .color)
        vc.draw(on: grid, in: grid.bounds)
        XCTAssertTrue(grid.line(0).contains("S30"), grid.line(0))
        XCTAssertEqual(grid.cells[1].filter { $0.role == .selected }.count, 4)
    }

    func testBothMoreSeasonsMarkersStayOnScreenAtANarrowWidth() async throws {
        let (vc, _) = try await makeScene(showID: 82, name: "Game of Thrones")
        for mode in [Mode.color, .ascii] {
            let right = mode == .ascii ? ">" : "›"
            // Seasons 1 to 7 fit in 40 columns; season 8 is off screen to the right.
            let grid = canvas(40, 12, mode)
            vc.draw(on: grid, in: grid.bounds)
            XCTAssertEqual(grid.line(0), "       S1   S2   S3   S4   S5   S6   S7" + right, "\(mode)")
            XCTAssertEqual(grid.cells[0][39].role, .accent)
        }
        // On season 8, season 1 is off screen to the left and nothing is to the right.
        for _ in 0..<7 { _ = vc.handle(key: .right) }
        for mode in [Mode.color, .ascii] {
            let (left, right) = mode == .ascii ? ("<", ">") : ("‹", "›")
            let grid = canvas(40, 12, mode)
            vc.draw(on: grid, in: grid.bounds)
            XCTAssertEqual(grid.line(0), " " + left + "     S2   S3   S4   S5   S6   S7   S8 ", "\(mode)")
            XCTAssertFalse(grid.line(0).contains(right))
        }
        // The Simpsons in the middle of its run: both markers at once.
        let (simpsons, _) = try await makeScene(showID: 83, name: "The Simpsons")
        for _ in 0..<20 { _ = simpsons.handle(key: .right) }
        for mode in [Mode.color, .ascii] {
            let (left, right) = mode == .ascii ? ("<", ">") : ("‹", "›")
            for (width, height) in [(40, 12), (80, 24)] {
                let grid = canvas(width, height, mode)
                simpsons.draw(on: grid, in: grid.bounds)
                let heading = grid.line(0)
                XCTAssertTrue(heading.hasPrefix(" " + left), heading)
                XCTAssertTrue(heading.hasSuffix(right), heading)
                XCTAssertTrue(heading.dropLast().last?.isNumber == true, heading)
                XCTAssertEqual(heading.count, width, heading)
            }
        }
    }

    func testTinyAndOddSizesDrawWithinTheCanvasWithoutTrapping() async throws {
        let (vc, _) = try await makeScene(showID: 83, name: "The Simpsons")
        for _ in 0..<20 { _ = vc.handle(key: .right) }
        for _ in 0..<20 { _ = vc.handle(key: .down) }
        for width in [0, 1, 2, 4, 5, 9, 10, 23, 47, 81] {
            for height in [0, 1, 2, 3, 5, 8, 13] {
                let grid = canvas(width, height, .ascii)
                vc.draw(on: grid, in: grid.bounds)
                for y in 0..<height { XCTAssertEqual(grid.cells[y].count, width) }
            }
        }
        _ = vc.handle(key: .enter)
        let grid = canvas(3, 2, .color)
        vc.draw(on: grid, in: grid.bounds)
        XCTAssertNotNil(vc.episode)
    }
}
