import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import App
@testable import Scenes

/// The app as a scene test drives it: one `SceneFactory` over the test's dependencies, the
/// `AppController` hosting the scenes it makes, frames drawn on a `GridCanvas`, a temporary home
/// removed when the test ends, and `settle()`, which returns once nothing the keys set off is
/// still running.
///
/// ```swift
/// let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [shows]))
/// let list = harness.showList()
/// await harness.settle()
/// harness.app.handle(key: .character("j"))
/// XCTAssertTrue(harness.frame(width: 80, height: 24).line(3).contains("Fargo"))
/// ```
@MainActor
package final class SceneHarness {
    /// The controller hosting the scenes: sections, stacks, header, status bar, global keys.
    package let app: AppController
    /// The factory every scene of the test is made by.
    package let factory: SceneFactory
    /// The test's home folder (XDG folders inside it), removed when the test ends.
    package let home: TemporaryHome
    /// The sections' router, once `route(to:scenes:)` made it.
    package private(set) var router: AppRouter?

    /// Makes the app over dependencies.
    /// - Parameters:
    ///   - test: the test; the home is removed when it ends.
    ///   - home: a home made already, or nil to make one.
    ///   - navigator: who the scenes push on and pop from, or nil for the app controller.
    ///   - display: who the scenes ask for a redraw, or nil for the app controller.
    ///   - dependencies: the scenes' dependencies, given the home (to put files in it).
    /// - Throws: when the home cannot be made, or what `dependencies` throws.
    package init(
        for test: XCTestCase, home: TemporaryHome? = nil, navigator: SceneNavigating? = nil, display: DisplayInvalidating? = nil,
        dependencies: (TemporaryHome) throws -> AppDependencies
    ) throws {
        let home = try home ?? TemporaryHome(for: test, prefix: "discover-scene")
        let app = AppController(notice: nil)
        self.home = home
        self.app = app
        factory = SceneFactory(dependencies: try dependencies(home), navigator: navigator ?? app, display: display ?? app)
    }

    /// Makes the app over the usual test dependencies (`AppDependencies.testing`).
    /// - Parameters:
    ///   - test: the test; the home is removed when it ends.
    ///   - home: a home made already, or nil to make one.
    ///   - shows: the Shows section's source.
    ///   - favourites: the favourites, given the home, or nil for none.
    ///   - episodes: the episodes Worker by data source, or none.
    ///   - services: the viewer's streaming services, or none.
    ///   - navigator: who the scenes push on and pop from, or nil for the app controller.
    ///   - display: who the scenes ask for a redraw, or nil for the app controller.
    /// - Throws: when the home cannot be made.
    package convenience init(
        for test: XCTestCase, home: TemporaryHome? = nil, shows: any TVShowsWorking, favourites: ((TemporaryHome) -> FavouritesBook)? = nil,
        episodes: @escaping @MainActor (DataSource?) -> (any EpisodesWorking)? = { _ in nil },
        services: StreamingServices? = nil, navigator: SceneNavigating? = nil,
        display: DisplayInvalidating? = nil
    ) throws {
        try self.init(for: test, home: home, navigator: navigator, display: display) { home in
            .testing(shows: shows, favourites: favourites?(home), episodes: episodes, services: services)
        }
    }

    /// Makes the Shows list and puts it at the root of the current section.
    /// - Returns: the list's ViewController.
    @discardableResult
    package func showList() -> PopularListViewController {
        let list = factory.makePopularList()
        app.setRoot(list)
        return list
    }

    /// Gives the app a router that builds each section's first scene with `scenes`, and goes to
    /// `section`.
    /// - Parameters:
    ///   - section: the section shown first.
    ///   - scenes: a section's first scene, made when it is first visited.
    package func route(to section: AppSection, scenes: @escaping @MainActor (AppSection) -> SceneViewController) {
        let router = AppRouter(makeRoot: scenes)
        router.host = app
        app.sectionRouter = router
        factory.sections = router
        self.router = router
        router.routeToSection(section)
    }

    /// Makes the Places scene over `places` and shows the Places section; the other sections
    /// start on the Shows list.
    /// - Parameter places: the Places scene's Worker, cities, units and start.
    /// - Returns: the Places scene's ViewController.
    @discardableResult
    package func showPlaces(_ places: POIsDependencies) -> NearbyPOIsViewController {
        let scene = factory.makeNearbyPOIs(places)
        let factory = factory
        route(to: .places) { section in section == .places ? scene as SceneViewController : factory.makePopularList() }
        return scene
    }

    /// Returns once no effect is running: every use case's task (those started meanwhile
    /// included) and every queued save of the favourites, until a pass finds nothing new.
    package func settle() async {
        let effects = factory.dependencies.effects
        repeat {
            await effects.finished()
            await factory.dependencies.favourites?.saved()
            await Task.yield()
        } while !effects.isIdle
    }

    /// The whole frame, as the app draws it now, on a new in-memory canvas.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    ///   - repertoire: the glyphs the terminal can show.
    ///   - colorInUse: whether the canvas shows colour.
    /// - Returns: the canvas drawn on.
    package func frame(width: Int, height: Int, repertoire: GlyphRepertoire = .unicode, colorInUse: Bool = true) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height, text: CellText(repertoire: repertoire), colorInUse: colorInUse)
        app.draw(on: canvas)
        return canvas
    }
}
