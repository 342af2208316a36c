/// A command-line mistake: the message to print before the usage hint; exit status 2.
struct UsageError: Error, Equatable {
    /// What was wrong, in one line.
    let message: String
    /// True when the value came from the config file: the message points at the file, not
    /// at `--help`.
    var inConfigFile = false
}
