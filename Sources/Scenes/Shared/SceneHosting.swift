import Terminal

/// One line of the help overlay: the keys as written for people, and what they do.
struct HelpEntry: Equatable, Sendable {
    /// The keys, for example `↑/k`.
    let keys: String
    /// What they do, for example `Move up`.
    let action: String
}

/// A titled group of help entries.
struct HelpSection: Equatable, Sendable {
    /// The group's title, for example `Popular shows`.
    let title: String
    /// Its entries, in order.
    let entries: [HelpEntry]
}

/// A key binding of a scene's key map: the keys, how the help overlay writes them, what the
/// action does, and the action. The help overlay is built from the same table that handles
/// the keys, so the two never disagree.
struct KeyBinding<Action: Sendable>: Sendable {
    /// The keys that trigger the action.
    let keys: [Key]
    /// How the keys are written in the help overlay.
    let label: String
    /// What the action does, for the help overlay.
    let help: String
    /// The action.
    let action: Action
}

extension Array {
    /// The action bound to a key in a key map, if any.
    func action<A>(for key: Key) -> A? where Element == KeyBinding<A> {
        first { $0.keys.contains(key) }?.action
    }

    /// The help entries of a key map.
    func helpEntries<A>() -> [HelpEntry] where Element == KeyBinding<A> {
        map { HelpEntry(keys: $0.label, action: $0.help) }
    }
}

/// What the status bar shows for the scene on top: the data's source, the position, and a
/// few key hints.
struct StatusBarContent: Equatable, Sendable {
    /// The source on screen, for example `TVmaze live` or `offline snapshot 2025-08-13`.
    var source: String
    /// The position, for example `3/700`; empty when not a list.
    var position: String
    /// Short key hints, for example `⏎ open  / filter  ? help  q quit`.
    var hints: String
    /// A transient message (loading, an error); nil when none.
    var message: String?
    /// Whether the message is an error.
    var messageIsError: Bool = false
}

/// What the app asks of every scene's ViewController: keys in, a frame out.
@MainActor
protocol SceneViewController: AnyObject {
    /// The scene's title for the header, for example `Popular shows`.
    var title: String { get }
    /// The status bar's content.
    var statusBar: StatusBarContent { get }
    /// The help overlay's section for this scene.
    var helpSection: HelpSection { get }
    /// The credit line under the help overlay: whom the scene's data comes from.
    var credit: String { get }
    /// True while the scene takes typed text (a filter), so global keys such as `q` and `?`
    /// are typed rather than acted on.
    var capturesText: Bool { get }
    /// Handles a key.
    /// - Returns: true when the scene used it.
    func handle(key: Key) -> Bool
    /// Draws the scene in a rectangle of the canvas.
    func draw(on canvas: Canvas, in rect: Rect)
    /// Called when the scene becomes the top scene.
    func sceneDidAppear()
    /// Takes pasted text into the field that takes typing (only called while `capturesText`).
    /// - Parameter text: the text, already one line (`InputDecoder.singleLine`).
    func paste(_ text: String)
    /// Whether the scene binds Alt plus this key now (then `ESC` and the key arriving together
    /// come as `.alt(key)`; otherwise as Esc, then the key).
    /// - Parameter key: the key after `ESC`.
    /// - Returns: true when bound.
    func bindsAlt(_ key: Key) -> Bool
    /// Handles a mouse click (with `--mouse`) inside the scene's rectangle.
    /// - Parameter click: the screen cell, and how many clicks.
    /// - Returns: true when the scene used it.
    func handle(click: SceneClick) -> Bool
}

/// A mouse click in a scene: the screen cell, and 1 for a click or 2 for a double click.
struct SceneClick: Equatable, Sendable {
    /// The screen row from 0 at the top.
    let row: Int
    /// The screen column from 0 at the left.
    let column: Int
    /// 1, or 2 for a double click (the second click of it; the first came as 1).
    let count: Int
}

extension SceneViewController {
    /// The default credit: `Data from TVmaze.com (CC BY-SA 4.0)`.
    var credit: String { ShowFormatting.tvmazeCredit }
    /// No Alt combination is bound: `ESC` and a key are Esc, then the key.
    func bindsAlt(_ key: Key) -> Bool { false }
    /// No text field: a paste is ignored.
    func paste(_ text: String) {}
    /// Clicks are ignored unless the scene handles them.
    func handle(click: SceneClick) -> Bool { false }
}

/// Moves between scenes: what Routers call. Implemented by the app's composition root.
@MainActor
protocol SceneNavigating: AnyObject {
    /// Shows a scene on top of the current one.
    func push(_ scene: SceneViewController)
    /// Goes back to the scene below.
    func pop()
    /// Quits the app with status 0.
    func quit()
}

/// Lets a ViewController ask for a new frame after its view model changed.
@MainActor
protocol DisplayInvalidating: AnyObject {
    /// Asks for a frame soon.
    func setNeedsDisplay()
}
