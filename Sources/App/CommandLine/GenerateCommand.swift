import Terminal

/// `discover-tui --generate man|bash|zsh|fish`: a build step, not a user's option: `make
/// install` and `make deb` write the manual page and the completions with it, from the same
/// table that parses the options.
struct GenerateCommand: AsyncCommand {
    /// What to write.
    let kind: GeneratedDocs.Kind
    /// The date the manual page carries (`SOURCE_DATE_EPOCH`, else today).
    let date: String

    /// The command for the words after `--generate`, or exits 2 for anything but one kind.
    /// - Parameters:
    ///   - words: the arguments after `--generate`.
    ///   - environment: the environment (for the date).
    init(words: ArraySlice<String>, environment: [String: String]) {
        guard words.count == 1, let word = words.first, let kind = GeneratedDocs.Kind(rawValue: word) else {
            DiscoverApp.fail("--generate needs one of: \(GeneratedDocs.Kind.allCases.map(\.rawValue).joined(separator: ", "))", status: 2)
        }
        self.kind = kind
        self.date = GeneratedDocs.date(environment: environment)
    }

    /// Writes the text and exits 0.
    func run() async -> Never {
        StandardStreams.output(GeneratedDocs.text(kind, date: date))
        ProcessExit.now(0)
    }
}
