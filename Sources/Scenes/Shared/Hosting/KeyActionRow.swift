import Terminal

/// One action of a key map without its Swift type: what `discover-tui help keys`, the palette
/// and the config file's checks read.
package struct KeyActionRow: Sendable, Equatable {
    /// The action's stable name.
    package let name: String
    /// The keys now bound to it (empty when unbound).
    package let keys: [Key]
    /// How the help overlay writes the keys.
    package let label: String
    /// What the action does.
    package let help: String
    /// Where the keys were set: nil for the default, else `PATH line N`.
    package let origin: String?

    /// Makes a row from its parts (the memberwise initialiser, visible to the App layer and tests).
    /// - Parameters:
    ///   - name: the action's name.
    ///   - keys: the keys bound to it.
    ///   - label: how the help overlay writes them.
    ///   - help: what the action does.
    ///   - origin: where the keys were set, nil for the default.
    package init(name: String, keys: [Key], label: String, help: String, origin: String?) {
        self.name = name
        self.keys = keys
        self.label = label
        self.help = help
        self.origin = origin
    }
}
