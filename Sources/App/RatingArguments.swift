import Domain
import FoundationEssentials

/// Reading `rate SHOW [SxxEyy] N|--clear`, `ratings [SHOW]`, `watched SHOW --mark SxxEyy` and
/// `watched SHOW --json` from the parsed words.
extension ScheduleOptions {
    /// The rating or play command the words give, checking `--mark` and `--clear` against it.
    /// - Parameters:
    ///   - operandCommand: the command that takes operands (`rate`, `ratings`, `watched`), if any.
    ///   - operands: its operands.
    ///   - json: true for `--json`.
    /// - Returns: the command; nil for words of another command (or `watched` without
    ///   `--mark` or `--json`).
    /// - Throws: `UsageError` for a missing show, a rating outside 1–10, a bad episode code,
    ///   `--clear` with a rating, or an option given to a command that does not take it.
    func ratingCommand(operandCommand: String?, operands: [String], json: Bool) throws -> RatingCommand? {
        if mark != nil && operandCommand != "watched" {
            throw UsageError(message: "--mark is an option of the watched command: discover-tui watched 'Game of Thrones' --mark S01E01")
        }
        if clearsRating && operandCommand != "rate" {
            throw UsageError(message: "--clear is an option of the rate command: discover-tui rate 'Game of Thrones' S01E01 --clear")
        }
        switch operandCommand {
        case "rate":
            if json { throw UsageError(message: "rate prints one line; it cannot be used with --json (discover-tui ratings --json lists them)") }
            return try rate(operands)
        case "ratings":
            let show = operands.joined(separator: " ").trimming(.whitespaces)
            return .ratings(show: show.isEmpty ? nil : show)
        case "watched":
            guard mark != nil || json else { return nil }
            let show = operands.joined(separator: " ").trimming(.whitespaces)
            guard !show.isEmpty else {
                throw UsageError(message: "discover-tui watched needs a show's name or id, for example: discover-tui watched 'Game of Thrones' --mark S01E01")
            }
            guard let mark else { return .plays(show: show, season: season) }
            if json { throw UsageError(message: "--mark prints one line; it cannot be used with --json") }
            if season != nil { throw UsageError(message: "--mark names its episode's season itself; it cannot be used with --season") }
            return .markPlay(show: show, episode: mark)
        default:
            return nil
        }
    }

    /// `rate`'s operands: the show's words, then an episode code if any, then the rating
    /// (none with `--clear`).
    private func rate(_ operands: [String]) throws -> RatingCommand {
        let example = "for example: discover-tui rate 'Game of Thrones' S01E01 9"
        var words = operands[...]
        var rating: UserRating?
        if clearsRating {
            // A number of one or two digits after the show is a rating (`The 100` stays a name).
            if let last = words.last, Int(last) != nil, last.count <= 2, words.count > 1 {
                throw UsageError(message: "--clear takes the rating away, so it takes no rating ('\(SettingsTable.shown(last))'): discover-tui rate SHOW [SxxEyy] --clear")
            }
        } else {
            guard let last = words.popLast(), Double(last) != nil else {
                throw UsageError(message: "discover-tui rate needs a show and a rating from 1 to 10 (or --clear), \(example)")
            }
            guard let value = Int(last), let valid = UserRating(value) else {
                throw UsageError(message: "a rating is a whole number from 1 to 10 (got '\(SettingsTable.shown(last))')")
            }
            rating = valid
        }
        var episode: SeasonAndNumber?
        if let last = words.last, words.count > 1 || EpisodeCode.parse(last) != nil, EpisodeCode.looksLikeOne(last) {
            guard let code = EpisodeCode.parse(last) else { throw EpisodeCode.badCode(last) }
            episode = code
            words.removeLast()
        }
        let show = words.joined(separator: " ").trimming(.whitespaces)
        guard !show.isEmpty else { throw UsageError(message: "discover-tui rate needs a show's name or id before the rating, \(example)") }
        return .rate(show: show, episode: episode, rating: rating)
    }
}
