import Scenes
/// The app's top-level sections. Each keeps its own scene stack, so switching keeps every
/// scene's state (selection, filter, scroll, open details).
enum AppSection: String, CaseIterable, Sendable {
    /// Popular TV shows.
    case shows
    /// Places near a location.
    case places
    /// The favourite shows and places (`F` from anywhere).
    case favourites

    /// The tab's title in the header.
    var title: String {
        switch self {
        case .shows: return "Shows"
        case .places: return "Places"
        case .favourites: return "Favourites"
        }
    }

    /// The section Tab goes to.
    var next: AppSection {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// The section Shift-Tab goes to.
    var previous: AppSection {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + all.count - 1) % all.count]
    }
}

/// What the section router needs of the app: one scene stack per section.
@MainActor
protocol SectionHosting: AnyObject {
    /// The section on screen.
    var section: AppSection { get }
    /// True when the section has its first scene.
    func hasRoot(in section: AppSection) -> Bool
    /// Gives a section its first scene (without showing it).
    func setRoot(_ scene: SceneViewController, in section: AppSection)
    /// Shows a section's stack as it was left; its top scene is told it appeared.
    func show(section: AppSection)
}

/// Moves between the app's sections.
@MainActor
protocol SectionRoutingLogic: AnyObject {
    /// Shows a section, building its first scene on the first visit.
    func routeToSection(_ section: AppSection)
    /// Shows the section after the current one (Tab).
    func routeToNextSection()
    /// Shows the section before the current one (Shift-Tab).
    func routeToPreviousSection()
}

/// Switches between Shows, Places and Favourites. A section's first scene is built on its first visit,
/// so a section never visited asks no source for anything.
@MainActor
final class AppRouter: SectionRoutingLogic {
    weak var host: SectionHosting?
    private let makeRoot: @MainActor (AppSection) -> SceneViewController

    /// Makes a router.
    /// - Parameter makeRoot: builds a section's first scene.
    init(makeRoot: @escaping @MainActor (AppSection) -> SceneViewController) {
        self.makeRoot = makeRoot
    }

    func routeToSection(_ section: AppSection) {
        guard let host else { return }
        if !host.hasRoot(in: section) {
            host.setRoot(makeRoot(section), in: section)
        }
        host.show(section: section)
    }

    func routeToNextSection() {
        guard let host else { return }
        routeToSection(host.section.next)
    }

    func routeToPreviousSection() {
        guard let host else { return }
        routeToSection(host.section.previous)
    }
}
