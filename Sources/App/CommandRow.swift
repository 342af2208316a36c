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
    /// The options of a command that takes none of the settings (`import`, `export`): each
    /// flag with its help, listed by `help COMMAND` instead of the settings; nil for the others.
    let ownOptions: [(flag: String, help: String)]?

    /// Makes a row.
    init(
        word: String, section: AppSection, help: String, arguments: String = "[options]", keyGroups: [String] = [],
        ownOptions: [(flag: String, help: String)]? = nil
    ) {
        self.ownOptions = ownOptions
        self.word = word
        self.section = section
        self.help = help
        self.arguments = arguments
        self.keyGroups = keyGroups
    }

    /// The usage line: `discover-tui search QUERY [options]`.
    var usage: String { "discover-tui \(word == "shows" ? "[shows]" : word) \(arguments)" }
}
