import Domain

extension AppOptions {
    /// Checks the options of `continue`, `watched`, `premieres` and `upcoming --new`, and
    /// reads `watched`'s operand.
    /// - Parameters:
    ///   - options: the options parsed so far; `watchedCommand` is set for `watched SHOW`.
    ///   - operandCommand: the command that takes operands, if any.
    ///   - operands: its operands.
    /// - Returns: true when the operands were `watched`'s.
    /// - Throws: `UsageError` for an option given without its command, or `watched` without a show.
    static func checkWatchedCommands(_ options: inout AppOptions, operandCommand: String?, operands: [String]) throws -> Bool {
        if options.season != nil && operandCommand != "watched" {
            throw UsageError(message: "--season is an option of the watched command: discover-tui watched 'Game of Thrones' --season 1")
        }
        if options.newOnly && (options.command != .upcoming || options.ics) {
            throw UsageError(message: options.ics ? "--new prints lines; it cannot be used with --ics"
                                                  : "--new is an option of the upcoming command: discover-tui upcoming --new")
        }
        if options.premiereDays != nil && !options.listsPremieres {
            throw UsageError(message: "--days is an option of the premieres command: discover-tui premieres --days 7")
        }
        guard operandCommand == "watched" else { return false }
        let operand = operands.joined(separator: " ").trimming(.whitespaces)
        guard !operand.isEmpty else { throw UsageError(message: "discover-tui watched needs a show's name or id, for example: discover-tui watched 'Game of Thrones'") }
        options.watchedCommand = .progress(show: operand, season: options.season)
        return true
    }
}
