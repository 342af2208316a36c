import Domain
import FoundationEssentials

/// The options of the commands that list episodes by day or by progress: `tonight --date`,
/// `upcoming --ics | --new | --today`, `premieres --days`, `--short` on the three,
/// `watched --season | --mark`, `rate --clear` and `stats --year`. A part of `AppOptions` (its
/// fields read as `options.season`).
struct ScheduleOptions: Equatable {
    /// The day of `discover-tui tonight` (`--date`); nil for today in the viewer's zone.
    var scheduleDate: CalendarDate?
    /// `discover-tui upcoming --ics`, `premieres --ics`: write an iCalendar file instead of the list.
    var ics = false
    /// `discover-tui upcoming --new`: the favourites' episodes aired since the last look.
    var newOnly = false
    /// `discover-tui premieres`.
    var listsPremieres = false
    /// `--days N` of `discover-tui premieres`.
    var premiereDays: Int?
    /// `--season N` of `discover-tui watched`.
    var season: Int?
    /// `--mark SxxEyy` of `discover-tui watched`: one more play of that episode.
    var mark: SeasonAndNumber?
    /// `--clear` of `discover-tui rate`: the rating taken away.
    var clearsRating = false
    /// `discover-tui stats`.
    var listsStats = false
    /// `--year YYYY` of `discover-tui stats`; nil for this year in the viewer's zone.
    var statsYear: Int?
    /// `--short` of `tonight`, `upcoming` and `premieres`: one line an episode,
    /// `YYYY-MM-DD HH:MM  Show  SxxEyy ‘Title’  Network`, no header.
    var short = false
    /// `--today` of `upcoming`: only what airs today in the viewer's zone.
    var today = false

    /// Checks `--date` and `--ics` against the command.
    /// - Parameters:
    ///   - command: the shows command given, if any.
    ///   - givenByFlag: the settings the command line gave (`date`).
    ///   - json: true for `--json`.
    /// - Throws: `UsageError` for `--date` without `tonight`, `--ics` without `upcoming` or
    ///   `premieres`, or with `--json`; `--short` without one of the three, or with `--json` or
    ///   `--ics`; `--today` without `upcoming`, or with `--new`.
    func validate(command: AppOptions.ShowsCommand?, givenByFlag: Set<String>, json: Bool) throws {
        if short && command != .tonight && command != .upcoming && !listsPremieres {
            throw UsageError(message: "--short is an option of the tonight, upcoming and premieres commands, for example: discover-tui tonight --short")
        }
        if short && (json || ics) {
            throw UsageError(message: "--short prints one line an episode; it cannot be used with \(json ? "--json" : "--ics")")
        }
        if today && command != .upcoming {
            throw UsageError(message: "--today is an option of the upcoming command: discover-tui upcoming --today --short")
        }
        if today && newOnly {
            throw UsageError(message: "--today cannot be used with --new, which lists what aired since the last upcoming --new")
        }
        if givenByFlag.contains("date") && command != .tonight {
            throw UsageError(message: "--date is an option of the tonight command, for example: discover-tui tonight --date 2020-12-01")
        }
        if ics && command != .upcoming && !listsPremieres {
            throw UsageError(message: "--ics is an option of the upcoming and premieres commands: discover-tui premieres --ics > premieres.ics")
        }
        if ics && json {
            throw UsageError(message: "--ics writes an iCalendar file; it cannot be used with --json")
        }
    }

    /// Checks the options of `watched`, `premieres` and `upcoming --new`, and reads
    /// `watched`'s operand.
    /// - Parameters:
    ///   - command: the shows command given, if any.
    ///   - operandCommand: the command that takes operands, if any.
    ///   - operands: its operands.
    /// - Returns: `watched SHOW [--season N]`, or nil when the operands were not `watched`'s.
    /// - Throws: `UsageError` for an option given without its command (`--year` without
    ///   `stats`), or `watched` without a show.
    func watchedCommand(command: AppOptions.ShowsCommand?, operandCommand: String?, operands: [String]) throws -> WatchedCommand? {
        if season != nil && operandCommand != "watched" {
            throw UsageError(message: "--season is an option of the watched command: discover-tui watched 'Game of Thrones' --season 1")
        }
        if newOnly && (command != .upcoming || ics) {
            throw UsageError(
                message: ics
                    ? "--new prints lines; it cannot be used with --ics"
                    : "--new is an option of the upcoming command: discover-tui upcoming --new")
        }
        if statsYear != nil && !listsStats {
            throw UsageError(message: "--year is an option of the stats command: discover-tui stats --year 2024")
        }
        if premiereDays != nil && !listsPremieres {
            throw UsageError(message: "--days is an option of the premieres command: discover-tui premieres --days 7")
        }
        guard operandCommand == "watched" else { return nil }
        let operand = operands.joined(separator: " ").trimming(.whitespaces)
        guard !operand.isEmpty else { throw UsageError(message: "discover-tui watched needs a show's name or id, for example: discover-tui watched 'Game of Thrones'") }
        return .progress(show: operand, season: season)
    }
}
