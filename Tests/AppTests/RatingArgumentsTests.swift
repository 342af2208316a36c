import Domain
import XCTest

@testable import App

/// `rate`, `ratings`, `watched --mark` and `watched --json` on the command line: what each
/// reads, and the usage errors (exit 2) for a rating outside 1–10, a bad episode code, and
/// `--clear` with a rating.
final class RatingArgumentsTests: XCTestCase {
    private func parse(_ arguments: [String]) throws -> AppOptions { try AppOptions.parse(arguments, environment: [:]) }

    private func usageError(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try parse(arguments)
            XCTFail("\(arguments) was accepted", file: file, line: line)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }

    private func episode(_ season: Int, _ number: Int) -> SeasonAndNumber { SeasonAndNumber(season: season, number: number) }

    func testRateReadsTheShowTheEpisodeAndTheRating() throws {
        XCTAssertEqual(try parse(["rate", "Game of Thrones", "S01E01", "9"]).ratingCommand, .rate(show: "Game of Thrones", episode: episode(1, 1), rating: UserRating(9)))
        XCTAssertEqual(try parse(["rate", "Game", "of", "Thrones", "8"]).ratingCommand, .rate(show: "Game of Thrones", episode: nil, rating: UserRating(8)))
        XCTAssertEqual(try parse(["rate", "82", "s0e3", "10", "--offline"]).ratingCommand, .rate(show: "82", episode: episode(0, 3), rating: UserRating(10)))
        XCTAssertTrue(try parse(["rate", "82", "10", "--offline"]).offline)
        XCTAssertEqual(try parse(["rate", "82", "--clear"]).ratingCommand, .rate(show: "82", episode: nil, rating: nil))
        XCTAssertEqual(try parse(["rate", "Lost", "S02E05", "--clear"]).ratingCommand, .rate(show: "Lost", episode: episode(2, 5), rating: nil))
        // A name ending in a number is a name: `The 100` with --clear, `Babylon 5` with a rating.
        XCTAssertEqual(try parse(["rate", "The", "100", "--clear"]).ratingCommand, .rate(show: "The 100", episode: nil, rating: nil))
        XCTAssertEqual(try parse(["rate", "Babylon 5", "7"]).ratingCommand, .rate(show: "Babylon 5", episode: nil, rating: UserRating(7)))
        XCTAssertNil(try parse(["rate", "82", "7"]).watchedCommand)
        XCTAssertNil(try parse(["rate", "82", "7"]).command, "rate is not the show command")
    }

    func testARatingOutsideOneToTenIsAUsageError() {
        for bad in ["0", "11", "-1", "100"] {
            XCTAssertEqual(usageError(["rate", "Lost", bad]), "a rating is a whole number from 1 to 10 (got '\(bad)')")
        }
        XCTAssertEqual(usageError(["rate", "Lost", "7.5"]), "a rating is a whole number from 1 to 10 (got '7.5')")
        XCTAssertEqual(
            usageError(["rate", "Lost"]),
            "discover-tui rate needs a show and a rating from 1 to 10 (or --clear), for example: discover-tui rate 'Game of Thrones' S01E01 9")
        XCTAssertEqual(
            usageError(["rate", "9"]), "discover-tui rate needs a show's name or id before the rating, for example: discover-tui rate 'Game of Thrones' S01E01 9")
        XCTAssertEqual(usageError(["rate", "S01E01", "9"]), "discover-tui rate needs a show's name or id before the rating, for example: discover-tui rate 'Game of Thrones' S01E01 9")
    }

    func testABadEpisodeCodeIsAUsageError() {
        let message = { (code: String) in "'\(code)' is not an episode: write SxxEyy, for example S01E05 (S00E01 for the first special)" }
        for bad in ["S01X01", "S1E", "S01E00", "S1E12345", "S01E1a"] {
            XCTAssertEqual(usageError(["rate", "Lost", bad, "9"]), message(bad), bad)
            XCTAssertEqual(usageError(["watched", "Lost", "--mark", bad]), message(bad), bad)
        }
        XCTAssertEqual(usageError(["watched", "Lost", "--mark", "E01"]), message("E01"))
    }

    func testClearWithARatingIsAUsageError() {
        XCTAssertEqual(usageError(["rate", "Lost", "9", "--clear"]), "--clear takes the rating away, so it takes no rating ('9'): discover-tui rate SHOW [SxxEyy] --clear")
        XCTAssertEqual(
            usageError(["rate", "Lost", "S01E01", "10", "--clear"]), "--clear takes the rating away, so it takes no rating ('10'): discover-tui rate SHOW [SxxEyy] --clear")
        XCTAssertEqual(usageError(["watched", "Lost", "--clear"]), "--clear is an option of the rate command: discover-tui rate 'Game of Thrones' S01E01 --clear")
        XCTAssertEqual(usageError(["rate", "Lost", "9", "--json"]), "rate prints one line; it cannot be used with --json (discover-tui ratings --json lists them)")
    }

    func testWatchedMarkAndJSONAndRatings() throws {
        XCTAssertEqual(try parse(["watched", "Game of Thrones", "--mark", "S01E02"]).ratingCommand, .markPlay(show: "Game of Thrones", episode: episode(1, 2)))
        XCTAssertEqual(try parse(["watched", "Game of Thrones", "--mark=s00e01", "--offline"]).ratingCommand, .markPlay(show: "Game of Thrones", episode: episode(0, 1)))
        XCTAssertEqual(try parse(["watched", "82", "--json"]).ratingCommand, .plays(show: "82", season: nil))
        XCTAssertEqual(try parse(["watched", "82", "--json", "--season", "2"]).ratingCommand, .plays(show: "82", season: 2))
        // Without either, watched is the progress as before.
        XCTAssertNil(try parse(["watched", "82", "--season", "2"]).ratingCommand)
        XCTAssertEqual(try parse(["watched", "82", "--season", "2"]).watchedCommand, .progress(show: "82", season: 2))
        XCTAssertEqual(try parse(["ratings"]).ratingCommand, .ratings(show: nil))
        XCTAssertEqual(try parse(["ratings", "Game", "of", "Thrones", "--json"]).ratingCommand, .ratings(show: "Game of Thrones"))
        XCTAssertEqual(usageError(["watched", "Lost", "--mark", "S01E01", "--json"]), "--mark prints one line; it cannot be used with --json")
        XCTAssertEqual(usageError(["watched", "Lost", "--mark", "S01E01", "--season", "1"]), "--mark names its episode's season itself; it cannot be used with --season")
        XCTAssertEqual(
            usageError(["continue", "--mark", "S01E01"]), "--mark is an option of the watched command: discover-tui watched 'Game of Thrones' --mark S01E01")
        XCTAssertEqual(usageError(["rate", "Lost", "9", "--bogus"]), "unknown option '--bogus'")
    }

    func testEpisodeCodesReadAndWrite() {
        XCTAssertEqual(EpisodeCode.parse("S01E05"), episode(1, 5))
        XCTAssertEqual(EpisodeCode.parse("s10e123"), episode(10, 123))
        XCTAssertNil(EpisodeCode.parse("S01"))
        XCTAssertNil(EpisodeCode.parse("S٣E1"), "digits other than ASCII")
        XCTAssertEqual(EpisodeCode.text(episode(0, 3)), "S00E03")
        XCTAssertEqual(EpisodeCode.text(episode(12, 104)), "S12E104")
        XCTAssertTrue(EpisodeCode.looksLikeOne("S1x"))
        XCTAssertFalse(EpisodeCode.looksLikeOne("Sopranos"))
    }

    func testTheHelpAndTheManualListTheNewCommands() {
        let help = AppOptions.helpText
        XCTAssertTrue(help.contains("discover-tui rate SHOW [SxxEyy] N|--clear [options]"), help)
        XCTAssertTrue(help.contains("discover-tui ratings [SHOW] [--json] [options]"))
        XCTAssertTrue(help.contains("--mark SxxEyy"))
        let rate = HelpText.commandHelp("rate")
        XCTAssertTrue(rate.hasPrefix("Usage: discover-tui rate SHOW [SxxEyy] N|--clear [options]\n\nRate a show or one of its episodes from 1 to 10"), rate)
        XCTAssertTrue(rate.contains("  --clear "), rate)
        let man = GeneratedDocs.manualPage(date: "2026-01-01")
        XCTAssertTrue(man.contains(".B discover-tui rate\n") && man.contains(".B discover-tui ratings\n"))
        XCTAssertTrue(ShellCompletions.bash.contains("rate") && ShellCompletions.bash.contains("--mark"))
        XCTAssertTrue(HelpText.commandHelp("import").contains("  --offline "), "import lists --offline among its options")
    }
}
