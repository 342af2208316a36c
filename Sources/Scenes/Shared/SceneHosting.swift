import Terminal

/// One line of the help overlay: the keys as written for people, and what they do.
package struct HelpEntry: Equatable, Sendable {
    /// The keys, for example `↑/k`.
    package let keys: String
    /// What they do, for example `Move up`.
    package let action: String

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(keys: String, action: String) {
        self.keys = keys
        self.action = action
    }
}

/// A titled group of help entries.
package struct HelpSection: Equatable, Sendable {
    /// The group's title, for example `Popular shows`.
    package let title: String
    /// Its entries, in order.
    package let entries: [HelpEntry]

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(title: String, entries: [HelpEntry]) {
        self.title = title
        self.entries = entries
    }
}

/// A key binding of a scene's key map: the keys, how the help overlay writes them, what the
/// action does, and the action. The help overlay is built from the same table that handles
/// the keys, so the two never disagree.
package struct KeyBinding<Action: Sendable>: Sendable {
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
    package func helpEntries<A>() -> [HelpEntry] where Element == KeyBinding<A> {
        map { HelpEntry(keys: $0.label, action: $0.help) }
    }
}

/// What the status bar shows for the scene on top: the data's source, the position, and a
/// few key hints.
package struct StatusBarContent: Equatable, Sendable {
    /// The source on screen, for example `TVmaze live` or `offline snapshot 2025-08-13`.
    package var source: String
    /// The position, for example `3/700`; empty when not a list.
    package var position: String
    /// Short key hints, for example `⏎ open  / filter  ? help  q quit`.
    package var hints: String
    /// A transient message (loading, an error); nil when none.
    package var message: String?
    /// Whether the message is an error.
    package var messageIsError: Bool = false
}

/// What the app asks of every scene's ViewController: keys in, a frame out.
@MainActor
package protocol SceneViewController: AnyObject {
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
package struct SceneClick: Equatable, Sendable {
    /// The screen row from 0 at the top.
    let row: Int
    /// The screen column from 0 at the left.
    let column: Int
    /// 1, or 2 for a double click (the second click of it; the first came as 1).
    let count: Int

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(row: Int, column: Int, count: Int) {
        self.row = row
        self.column = column
        self.count = count
    }
}

extension SceneViewController {
    /// The default credit: `Data from TVmaze.com (CC BY-SA 4.0)`.
    var credit: String { ShowFormatting.tvmazeCredit }
    /// No Alt combination is bound: `ESC` and a key are Esc, then the key.
    package func bindsAlt(_ key: Key) -> Bool { false }
    /// No text field: a paste is ignored.
    package func paste(_ text: String) {}
    /// Clicks are ignored unless the scene handles them.
    package func handle(click: SceneClick) -> Bool { false }
}

/// Moves between scenes: what Routers call. Implemented by the app's composition root.
@MainActor
package protocol SceneNavigating: AnyObject {
    /// Shows a scene on top of the current one.
    func push(_ scene: SceneViewController)
    /// Goes back to the scene below.
    func pop()
    /// Quits the app with status 0.
    func quit()
}

/// Lets a ViewController ask for a new frame after its view model changed.
@MainActor
package protocol DisplayInvalidating: AnyObject {
    /// Asks for a frame soon.
    func setNeedsDisplay()
}
