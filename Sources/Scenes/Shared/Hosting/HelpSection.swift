/// A titled group of help entries.
package struct HelpSection: Equatable, Sendable {
    /// The group's title, for example `Popular shows`.
    package let title: String
    /// Its entries, in order.
    package let entries: [HelpEntry]

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(title: String, entries: [HelpEntry]) {
        self.title = title
        self.entries = entries
    }
}
