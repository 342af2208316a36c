import Scenes

/// Switches between Shows, Places, Favourites and Continue. A section's first scene is built on
/// its first visit, so a section never visited asks no source for anything.
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
