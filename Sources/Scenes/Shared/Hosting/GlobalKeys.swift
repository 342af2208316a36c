import Terminal

/// The keys that work in every section: their actions' table, which the app's controller
/// handles and the help overlay, the hints and the config file's `key.NAME` read.
package enum GlobalKeys {
    /// An action that works in every section.
    package enum Action: Sendable, Equatable {
        case help, messages, nextSection, previousSection, favourites, continueWatching, repaint, palette
    }

    /// The global key map (after the config file's keys).
    package static let keyMap: [KeyBinding<Action>] =
        [
            KeyBinding(
                "next-section", keys: [.tab], label: "Tab", help: "Next section: Shows, Places, Favourites, Continue", action: .nextSection),
            KeyBinding("previous-section", keys: [.backTab], label: "S-Tab", help: "Previous section", action: .previousSection),
            KeyBinding("favourites", keys: [.character("F")], label: "F", help: "Favourites: the shows and places marked with f", action: .favourites),
            KeyBinding(
                "continue", keys: [.character("C")], label: "C", help: "Continue: each started show's next episode to watch", action: .continueWatching),
            KeyBinding("help", keys: [.character("?"), .function(1)], label: "? F1", help: "Show or hide this help", action: .help),
            KeyBinding("palette", keys: [.character(":")], label: ":", help: "The palette: every action and command by name", action: .palette),
            KeyBinding("messages", keys: [.character("M")], label: "M", help: "The last messages of the status bar, whole", action: .messages),
            KeyBinding("repaint", keys: [.control("l")], label: "Ctrl-L", help: "Repaint the screen", action: .repaint)
        ].rebound()

    /// The global action of a key: while a field takes typing, only a function key or a
    /// Control combination counts (a letter is typed).
    /// - Parameters:
    ///   - key: the key.
    ///   - typing: true while a field takes typing.
    /// - Returns: the action, or nil.
    package static func action(for key: Key, typing: Bool) -> Action? {
        if typing {
            switch key {
            case .function, .control: break
            default: return nil
            }
        }
        return keyMap.action(for: key)
    }

    /// `? help`, from the global key map, for a scene's hints.
    package static var helpHint: String? { keyMap.hint("help", "help") }
}
