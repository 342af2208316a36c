import Scenes

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
