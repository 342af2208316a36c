/// What a scene answers to a `:` palette command with an argument (`:sort rating`).
package enum PaletteCommandAnswer: Equatable, Sendable {
    /// The scene asked its Interactor (or Router) for it.
    case done
    /// The scene has no such command; the palette says where it works.
    case notHere
    /// The argument is not one the command takes: a one-line message saying what is expected.
    case bad(String)
}
