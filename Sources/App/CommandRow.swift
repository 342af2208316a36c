/// A command word: `discover shows`, `discover places`.
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
    /// for `discover help COMMAND`.
    let keyGroups: [String]

    /// Makes a row.
    init(word: String, section: AppSection, help: String, arguments: String = "[options]", keyGroups: [String] = []) {
        self.word = word
        self.section = section
        self.help = help
        self.arguments = arguments
        self.keyGroups = keyGroups
    }

    /// The usage line: `discover search QUERY [options]`.
    var usage: String { "discover \(word == "shows" ? "[shows]" : word) \(arguments)" }
}
