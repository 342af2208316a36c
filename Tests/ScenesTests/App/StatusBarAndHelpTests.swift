import Domain
import Foundation
import SceneTestSupport
import Terminal
import XCTest

@testable import App
@testable import Scenes

/// What the frame around the scenes keeps whole: `? help` in the hints at every width, a long
/// message whole above the bar and again under `M`, breadcrumbs without repeats, cut from the
/// left, and F1 opening the help.
@MainActor
final class StatusBarAndHelpTests: XCTestCase {
    private var retained: [AnyObject] = []

    private func makeApp() async throws -> (AppController, PopularListViewController) {
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [makeShows((1...40).map { "Show \($0)" })]), display: NavigatorSpy())
        let list = harness.showList()
        retained = [harness]
        await harness.settle()
        return (harness.app, list)
    }

    private func frame(_ app: AppController, width: Int, height: Int) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height)
        app.draw(on: canvas)
        return canvas
    }

    func testQuestionMarkHelpStaysInTheHintsAtEveryWidth() async throws {
        let (app, _) = try await makeApp()
        for width in [30, 40, 50, 60, 80, 120] {
            let bar = frame(app, width: width, height: 12).line(11)
            XCTAssertTrue(bar.contains("? help"), "\(width) columns: \(bar)")
        }
    }

    func testHintsKeepWholeEntriesAndEndWithHelp() {
        let text = CellText(repertoire: .unicode)
        let hints = "⏎ open  / filter  f fav  F favourites  ? help  q quit"
        XCTAssertEqual(StatusBar.hints(hints, keeping: "? help", room: 200, text: text), hints)
        XCTAssertEqual(StatusBar.hints(hints, keeping: "? help", room: 26, text: text), "⏎ open  / filter  ? help")
        XCTAssertEqual(StatusBar.hints(hints, keeping: "? help", room: 6, text: text), "? help")
        XCTAssertEqual(StatusBar.hints("41.0,28.9 · 2 km", keeping: "? help", room: 40, text: text), "41.0,28.9 · 2 km  ? help")
        XCTAssertEqual(StatusBar.hints("", keeping: "? help", room: 40, text: text), "? help")
    }

    func testBreadcrumbsDropRepeatedNamesAndShortenFromTheLeft() {
        XCTAssertEqual(
            Breadcrumb.parts(["Popular now", "Game of Thrones", "Game of Thrones: episodes"]),
            ["Popular now", "Game of Thrones", "episodes"])
        XCTAssertEqual(Breadcrumb.parts(["Popular now", "Game of Thrones", "Game of Thrones"]), ["Popular now", "Game of Thrones"])
        XCTAssertEqual(Breadcrumb.parts(["Popular now", "Lost · S1"]), ["Popular now", "Lost · S1"])
        let text = CellText(repertoire: .unicode)
        let parts = ["Popular · week of 2024-01-22", "Game of Thrones", "episodes"]
        XCTAssertEqual(Breadcrumb.shortened(parts, separator: " › ", room: 200, text: text), parts.joined(separator: " › "))
        XCTAssertEqual(Breadcrumb.shortened(parts, separator: " › ", room: 30, text: text), "… › Game of Thrones › episodes")
        XCTAssertEqual(Breadcrumb.shortened(parts, separator: " › ", room: 20, text: text), "… › episodes")
        XCTAssertEqual(Breadcrumb.shortened(["A very long single title"], separator: " › ", room: 10, text: text), "A very lo…")
    }

    func testALongMessageIsWholeAboveTheBarAndMShowsItAgain() async throws {
        let (app, _) = try await makeApp()
        let message = "Added “Percy Jackson and the Olympians” to favourites (F lists them, Tab to the other sections)"
        app.post(notice: message)
        let canvas = frame(app, width: 80, height: 24)
        let rows = canvas.line(22) + canvas.line(23)
        XCTAssertEqual(rows.split(separator: " ").joined(separator: " "), message)
        XCTAssertEqual(canvas.cells[22][0].role, .status)
        // The next key clears it; M lists it whole.
        app.handle(key: .character("M"))
        let overlay = frame(app, width: 80, height: 24).plainText
        XCTAssertTrue(overlay.contains("Messages"), overlay)
        XCTAssertTrue(overlay.contains("Added “Percy Jackson and the Olympians” to favourites (F lists"), overlay)
        XCTAssertTrue(overlay.contains("other sections)"), overlay)
        XCTAssertEqual(app.statusBar.messageLog, [message])
        app.handle(key: .escape)
        XCTAssertFalse(frame(app, width: 80, height: 24).plainText.contains("Messages"))
    }

    func testF1OpensTheHelpWhichListsMAndF1() async throws {
        let (app, _) = try await makeApp()
        app.handle(key: .function(1))
        let help = frame(app, width: 80, height: 40).plainText
        XCTAssertTrue(help.contains("Keys"), help)
        XCTAssertTrue(help.contains("? F1"), help)
        XCTAssertTrue(help.contains("The last messages of the status bar"), help)
        app.handle(key: .function(1))
        XCTAssertFalse(frame(app, width: 80, height: 40).plainText.contains("? F1"))
    }
}
