/// Lets a ViewController ask for a new frame after its view model changed.
@MainActor
package protocol DisplayInvalidating: AnyObject {
    /// Asks for a frame soon.
    func setNeedsDisplay()
}
