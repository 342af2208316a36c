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
