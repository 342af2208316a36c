/// A command word: `discover-tui shows`, `discover-tui places`.
struct CommandRow: Sendable {
    /// The word.
    let word: String
    /// The section it starts in.
    let section: AppSection
    /// What it does.
    let help: String
    /// Its arguments in the usage (`QUERY [options]`).
    let arguments: String
    /// The titles of the key groups (`GeneratedDocs.keySections`) of the screens it opens,
    /// for `discover-tui help COMMAND`.
    let keyGroups: [String]

    /// Makes a row.
    init(word: String, section: AppSection, help: String, arguments: String = "[options]", keyGroups: [String] = []) {
        self.word = word
        self.section = section
        self.help = help
        self.arguments = arguments
        self.keyGroups = keyGroups
    }

    /// The usage line: `discover-tui search QUERY [options]`.
    var usage: String { "discover-tui \(word == "shows" ? "[shows]" : word) \(arguments)" }
}
