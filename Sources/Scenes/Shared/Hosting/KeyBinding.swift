import Terminal

/// A key binding of a scene's key map: the action's stable name, the keys, how the help
/// overlay writes them, what the action does, and the action. The help overlay, the status
/// bar's hints and the config file's `key.NAME` lines all go through the same table that
/// handles the keys, so they never disagree.
package struct KeyBinding<Action: Sendable>: Sendable {
    /// The action's stable lower-case name (`quit`, `down`, `open`), as the config file's
    /// `key.NAME = KEYS` and `discover-tui help keys` write it; the same in every scene
    /// that has the action.
    let name: String
    /// The keys that trigger the action (empty when the config file unbound it).
    var keys: [Key]
    /// How the keys are written in the help overlay.
    var label: String
    /// What the action does, for the help overlay.
    let help: String
    /// The action.
    let action: Action
    /// Where the keys were set: nil for the program's default, else `PATH line N`.
    var origin: String?
}

extension KeyBinding {
    /// Makes a binding with the program's default keys.
    /// - Parameters:
    ///   - name: the action's stable name.
    ///   - keys: the default keys.
    ///   - label: how the help overlay writes them.
    ///   - help: what the action does.
    ///   - action: the action.
    package init(_ name: String, keys: [Key], label: String, help: String, action: Action) {
        self.init(name: name, keys: keys, label: label, help: help, action: action, origin: nil)
    }
}

extension Array {
    /// The action bound to a key in a key map, if any. A letter of a Cyrillic (ЙЦУКЕН) or
    /// Greek layout that no binding holds acts as the Latin letter in the same place
    /// (`й` as `q`), so shortcuts keep working on another keyboard layout.
    package func action<A>(for key: Key) -> A? where Element == KeyBinding<A> {
        if let bound = first(where: { $0.keys.contains(key) })?.action { return bound }
        guard let latin = KeyboardLayouts.latinKey(for: key) else { return nil }
        return first { $0.keys.contains(latin) }?.action
    }

    /// The help entries of a key map (an unbound action is listed with `unbound`).
    package func helpEntries<A>() -> [HelpEntry] where Element == KeyBinding<A> {
        map { HelpEntry(keys: $0.keys.isEmpty ? "unbound" : $0.label, action: $0.help) }
    }

    /// The key map's actions without their Swift type: name, keys, label, help and where set
    /// (for `discover-tui help keys`, the palette and the config file's checks).
    package func actionRows<A>() -> [KeyActionRow] where Element == KeyBinding<A> {
        map { KeyActionRow(name: $0.name, keys: $0.keys, label: $0.label, help: $0.help, origin: $0.origin) }
    }
}
