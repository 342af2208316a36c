import Terminal

/// What the app asks of every scene's ViewController: keys in, a frame out.
@MainActor
package protocol SceneViewController: AnyObject {
    /// The scene's title for the header, for example `Popular shows`.
    var title: String { get }
    /// The status bar's content.
    var statusBar: StatusBarContent { get }
    /// The help overlay's section for this scene.
    var helpSection: HelpSection { get }
    /// The credit line under the help overlay: whom the scene's data comes from (its
    /// provider's `ProviderName.credit`). Every scene says its own: there is no default.
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

extension SceneViewController {
    /// No Alt combination is bound: `ESC` and a key are Esc, then the key.
    package func bindsAlt(_ key: Key) -> Bool { false }
    /// No text field: a paste is ignored.
    package func paste(_ text: String) {}
    /// Clicks are ignored unless the scene handles them.
    package func handle(click: SceneClick) -> Bool { false }
}
