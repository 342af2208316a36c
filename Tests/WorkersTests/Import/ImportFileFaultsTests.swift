import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The faults of an export file as one line names them: a damaged JSON file's line and column,
/// a discover CSV's missing or unknown column by its header name (columns in any order), and
/// the spreadsheet guard of the program's own CSV, undone exactly on reading.
final class ImportFileFaultsTests: XCTestCase {
    func testJSONFaultsGiveTheirLineAndColumn() {
        func fault(_ text: String) -> JSONSyntax.Fault? { JSONSyntax.firstFault(in: Array(text.utf8)) }
        XCTAssertNil(fault("[{\"a\": [1, -2.5e3, true, false, null, \"x\\\"y\"]}]\n"))
        XCTAssertEqual(fault("[\n  {\"a\": 1,\n   \"b\" 2}\n]"), JSONSyntax.Fault(line: 3, column: 8, reason: "expected ':' after a name"))
        XCTAssertEqual(fault("[1, 2"), JSONSyntax.Fault(line: 1, column: 6, reason: "the file ends inside an array"))
        XCTAssertEqual(fault("{\"é\": tru}"), JSONSyntax.Fault(line: 1, column: 7, reason: "unexpected 't' where a value is expected"))
        XCTAssertEqual(fault("[\"abc"), JSONSyntax.Fault(line: 1, column: 2, reason: "a string is never closed"))
        XCTAssertEqual(fault("[1] x"), JSONSyntax.Fault(line: 1, column: 5, reason: "text after the end of the JSON"))
        XCTAssertEqual(fault(String(repeating: "[", count: 600)), JSONSyntax.Fault(line: 1, column: 513, reason: "nested more than 512 deep"))
    }

    func testADamagedTraktOrDiscoverJSONFileSaysItsLineAndColumn() throws {
        var text = String(decoding: try Fixtures.data("imports/trakt_watched_shows_south-park.json"), as: UTF8.self)
        let cut = try XCTUnwrap(text.range(of: "\"plays\":"))
        text.replaceSubrange(cut, with: "\"plays\"")
        let line = text[..<cut.lowerBound].filter { $0 == "\n" }.count + 1
        XCTAssertThrowsError(try TraktReader.read(Data(text.utf8), file: "w.json")) { error in
            let description = String(describing: error)
            XCTAssertTrue(description.hasPrefix("w.json:\(line):"), description)
            XCTAssertTrue(description.hasSuffix(": not valid JSON: expected ':' after a name"), description)
        }
        XCTAssertThrowsError(try DiscoverHistoryFormat.read(Data("{\n \"format\": \"discover-tui-history\",\n \"version\": 2,,\n}".utf8), file: "h.json")) {
            XCTAssertEqual(String(describing: $0), "h.json:3:15: not valid JSON: expected a quoted name")
        }
        // A file that is not JSON at all keeps the reader's own words.
        XCTAssertThrowsError(try TraktReader.read(Data("Title,Date\n".utf8), file: "n.csv")) {
            XCTAssertTrue(String(describing: $0).hasPrefix("n.csv:1: not a Trakt export"), String(describing: $0))
        }
    }

    func testTheDiscoverCSVIsReadByHeaderNamesInAnyOrder() throws {
        let moved =
            "at,kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating\r\n"
            + "2024-09-11T08:00:00Z,watched,South Park,112,,,,1,2,,,,,\r\n"
        let batch = try DiscoverHistoryFormat.read(Data(moved.utf8), file: "m.csv")
        XCTAssertEqual(batch.records.map(\.showName), ["South Park"])
        XCTAssertEqual(batch.records.first?.number, 2)
        XCTAssertEqual(batch.records.first?.at, 1_726_041_600)
        let missing = "kind,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
        XCTAssertThrowsError(try DiscoverHistoryFormat.read(Data(missing.utf8), file: "m.csv")) {
            XCTAssertEqual(String(describing: $0), "m.csv:1: not a discover-tui history export: no show_name column")
        }
        let unknown = DiscoverHistoryFormat.columns.joined(separator: ",") + ",notes\r\n"
        XCTAssertThrowsError(try DiscoverHistoryFormat.read(Data(unknown.utf8), file: "m.csv")) {
            XCTAssertTrue(String(describing: $0).hasPrefix("m.csv:1: the column 'notes' is not one of kind, show_name"), String(describing: $0))
        }
    }

    func testTheSpreadsheetGuardIsUndoneExactly() throws {
        let names = ["=Sisters", "+1", "-2 Broke", "@home", "\tTabbed", "\rReturn", "'=quoted", "''@twice", "'plain", "It's", "Plain", "="]
        for name in names {
            let guarded = DiscoverHistoryFormat.guarded(name)
            XCTAssertFalse(["=", "+", "-", "@", "\t", "\r"].contains { guarded.hasPrefix($0) }, name)
            XCTAssertEqual(DiscoverHistoryFormat.unguarded(guarded), name)
        }
        XCTAssertEqual(DiscoverHistoryFormat.guarded("=Sisters"), "'=Sisters")
        XCTAssertEqual(DiscoverHistoryFormat.guarded("'=quoted"), "''=quoted")
        XCTAssertEqual(DiscoverHistoryFormat.guarded("'plain"), "'plain")
        var history = WatchHistory()
        for (index, name) in names.enumerated() {
            history.favourites.append(HistoryFavourite(show: ProviderIDs(tvmaze: 1000 + index), name: name, addedAt: 1_700_000_000))
        }
        let csv = DiscoverHistoryFormat.csv(history)
        for line in String(decoding: csv, as: UTF8.self).split(separator: "\r\n") {
            for cell in line.split(separator: ",", omittingEmptySubsequences: false) {
                XCTAssertFalse(["=", "+", "@", "-"].contains { cell.hasPrefix($0) }, String(line))
            }
        }
        let back = try DiscoverHistoryFormat.read(csv, file: "e.csv")
        XCTAssertEqual(back.records.map(\.showName), names)
    }
}
