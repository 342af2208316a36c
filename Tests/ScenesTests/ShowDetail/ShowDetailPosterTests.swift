import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// A picture worker whose answers wait until released, and that counts what it is asked.
private actor HeldImages: ImageLoading {
    private(set) var asked: [String] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = false
    private let outcome: ImageOutcome

    init(_ outcome: ImageOutcome) { self.outcome = outcome }

    func image(at url: String, fittingWidth width: Int, height: Int) async -> ImageOutcome {
        asked.append(url)
        if !released { await withCheckedContinuation { waiting.append($0) } }
        return outcome
    }

    func release() {
        released = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// The poster on a show's details: laid out at 100 columns and more from the first frame, asked
/// for once when laid out, drawn when decoded; none on a narrow screen or a screen without
/// pictures; a failure said once on the status bar.
@MainActor
final class ShowDetailPosterTests: XCTestCase {
    private var retained: [AnyObject] = []

    private func makeScene(_ images: HeldImages) async -> (ShowDetailViewController, RunningEffects) {
        let worker = TVShowsWorkerStub(pages: [])
        await worker.setImageURL("https://static.example/poster.jpg")
        let effects = RunningEffects()
        let interactor = ShowDetailInteractor(worker: worker, clock: ImmediateClock(), effects: effects)
        let summary = Array(repeating: "A long summary that wraps to the width of the page it is drawn on.", count: 4).joined(separator: " ")
        interactor.show = TVShow(id: 7, name: "Seven", rating: 8.5, summary: [summary])
        interactor.listedSource = .live(provider: .tvmaze)
        interactor.images = images
        let presenter = ShowDetailPresenter(now: { 1_764_633_600 }, airClock: .utc(at: 1_764_633_600))
        let vc = ShowDetailViewController()
        vc.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = vc
        retained = [presenter, interactor, worker]
        await interactor.loadDetails(request: .init()).value
        return (vc, effects)
    }

    private func draw(_ vc: ShowDetailViewController, width: Int, colours: ImageColours = .palette) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: 38)
        canvas.imageColours = colours
        vc.draw(on: canvas, in: canvas.bounds)
        return canvas
    }

    /// What the worker was asked, once it was asked anything (the request runs in a task).
    private func askedOnce(_ images: HeldImages) async -> [String] {
        for _ in 0..<1_000 {
            let asked = await images.asked
            if !asked.isEmpty { return asked }
            await Task.yield()
        }
        return []
    }

    private func blocks(_ canvas: GridCanvas) -> Int {
        canvas.cells.joined().filter { $0.text == "▀" }.count
    }

    func testThePageIsDrawnAtOnceAndThePosterWhenDecoded() async throws {
        let poster = RGBImage.gradient(width: 30, height: 44)
        let images = HeldImages(.image(poster))
        let (vc, effects) = await makeScene(images)
        // First frame: the facts beside an empty box; the poster is asked for, not waited for.
        var canvas = draw(vc, width: 120)
        XCTAssertTrue(canvas.line(0).hasPrefix(" Seven"), canvas.plainText)
        XCTAssertEqual(blocks(canvas), 0)
        XCTAssertTrue(canvas.plainText.split(separator: "\n").allSatisfy { $0.count <= 88 }, "the page keeps left of the box\n" + canvas.plainText)
        XCTAssertTrue(canvas.plainText.split(separator: "\n").contains { $0.count > 70 }, canvas.plainText)
        canvas = draw(vc, width: 120)
        let asked = await askedOnce(images)
        XCTAssertEqual(asked, ["https://static.example/poster.jpg"], "asked once, however many frames")
        await images.release()
        await effects.finished()
        canvas = draw(vc, width: 120)
        XCTAssertEqual(blocks(canvas), 660)
        XCTAssertEqual(canvas.images.first?.column, 89)
        XCTAssertEqual(canvas.images.first?.row, 0)
        XCTAssertEqual(canvas.images.first?.image.rows, 22)
        // Scrolled, the page's first 22 lines stay beside the poster.
        let top = canvas.line(3)
        for _ in 0..<3 { _ = vc.handle(key: .down) }
        canvas = draw(vc, width: 120)
        XCTAssertEqual(canvas.line(3), top)
        XCTAssertEqual(blocks(canvas), 660)
    }

    func testANarrowScreenOrOneWithoutPicturesNeitherDrawsNorAsks() async {
        let images = HeldImages(.image(RGBImage.gradient(width: 30, height: 44)))
        let (vc, _) = await makeScene(images)
        for canvas in [draw(vc, width: 99), draw(vc, width: 140, colours: .none)] {
            XCTAssertEqual(blocks(canvas), 0)
            XCTAssertTrue(canvas.plainText.split(separator: "\n").contains { $0.count > 88 }, "the page takes the whole width\n" + canvas.plainText)
        }
        for _ in 0..<20 { await Task.yield() }
        let asked = await images.asked
        XCTAssertEqual(asked, [])
    }

    func testAFailureIsSaidOnceOnTheStatusBar() async {
        let images = HeldImages(.failed("the picture could not be read: Not a JPEG file"))
        let (vc, effects) = await makeScene(images)
        _ = draw(vc, width: 120)
        await images.release()
        await effects.finished()
        XCTAssertEqual(vc.statusBar.message, "No poster: the picture could not be read: Not a JPEG file.")
        XCTAssertFalse(vc.statusBar.messageIsError)
        XCTAssertTrue(vc.handle(key: .down))
        let canvas = draw(vc, width: 120)
        XCTAssertEqual(blocks(canvas), 0)
        XCTAssertNotEqual(vc.statusBar.message, "No poster: the picture could not be read: Not a JPEG file.")
    }
}
