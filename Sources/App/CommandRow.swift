/// A command word: `discover shows`, `discover places`.
struct CommandRow: Sendable {
    /// The word.
    let word: String
    /// The section it starts in.
    let section: AppSection
    /// What it does.
    let help: String
}
