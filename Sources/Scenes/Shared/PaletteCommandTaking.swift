/// A scene's ViewController that takes `:` palette commands: it turns the command and its
/// argument into a Request for its Interactor, as it does a key.
@MainActor
package protocol PaletteCommandTaking: AnyObject {
    /// Runs a palette command.
    /// - Parameters:
    ///   - command: the command's word, lower-case (`sort`).
    ///   - argument: the text after it, trimmed (`rating`).
    /// - Returns: whether it ran, is not this scene's, or what argument is expected.
    func perform(command: String, argument: String) -> PaletteCommandAnswer
}
