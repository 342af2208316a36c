import Terminal

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
