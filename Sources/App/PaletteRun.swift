import Terminal

/// What running a palette line asks the app to do.
enum PaletteRun: Equatable {
    /// Press a key (an action's first key).
    case key(Key)
    /// Draw in another theme from now on.
    case theme(ThemeChoice)
    /// Rate what is on screen, 1 to 10.
    case rate(Int)
    /// Open the Stats screen.
    case stats
    /// Hand a command and its argument to the scene on top (`PaletteCommandTaking`).
    case scene(String, argument: String)
    /// Say something on the status bar (a bad argument, an action with no key).
    case message(String)
}
