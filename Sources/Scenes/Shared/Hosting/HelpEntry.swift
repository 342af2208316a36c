/// One line of the help overlay: the keys as written for people, and what they do.
package struct HelpEntry: Equatable, Sendable {
    /// The keys, for example `↑/k`.
    package let keys: String
    /// What they do, for example `Move up`.
    package let action: String

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(keys: String, action: String) {
        self.keys = keys
        self.action = action
    }
}
