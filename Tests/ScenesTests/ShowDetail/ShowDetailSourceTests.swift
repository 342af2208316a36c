import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// The show details' status bar names the list's source while the details load and when they fail.
@MainActor
final class ShowDetailSourceTests: XCTestCase {
    private var retained: [AnyObject] = []

    func testAFailedDetailsLoadKeepsTheSourceLabelBesideTheError() async throws {
        // Given a live list whose details fail
        let worker = TVShowsWorkerStub(pages: [makeShows(["Fargo", "Severance"])])
        await worker.setDetailFailure(.unreachable(provider: .tvmaze, reason: "the answer broke off"))
        let harness = try SceneHarness(for: self, shows: worker)
        let app = harness.app
        let list = harness.showList()
        retained = [harness]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 2)

        // When the first show is opened
        _ = list.handle(key: .enter)
        let detail = app.top as? ShowDetailViewController
        XCTAssertNotNil(detail)
        await settle(retained)
        XCTAssertEqual(detail?.viewModel?.messageIsError, true)

        // Then the status bar still names the source, beside the error
        XCTAssertEqual(detail?.statusBar.source, "TVmaze live")
        XCTAssertEqual(detail?.statusBar.message?.hasPrefix("TVmaze is unreachable (the answer broke off)"), true, detail?.statusBar.message ?? "")
        let canvas = harness.frame(width: 100, height: 24)
        XCTAssertTrue(canvas.line(23).contains("TVmaze live"), canvas.line(23))
    }
}
