import Domain
import Foundation
import XCTest

@testable import Workers

/// Every `WatchedStoreError` as a person reads it: one sentence naming the file, never the
/// case's own text; and `FailureLine` over the errors the commands turn into text.
final class WatchedStoreErrorTests: XCTestCase {
    private let path = "/home/ana/.local/share/discover-tui/watched.sqlite3"

    /// One of each case. The switch has no `default`, so a case added later does not compile
    /// until it is listed here too.
    private var everyCase: [WatchedStoreError] {
        let all: [WatchedStoreError] = [
            .newerVersion(path: path, version: 3), .notOurs(path: path), .busy(path: path), .readOnly(path: path), .diskFull(path: path),
            .unusable(path: path, reason: "unable to open database file")
        ]
        for error in all {
            switch error {
            case .newerVersion, .notOurs, .busy, .readOnly, .diskFull, .unusable: break
            }
        }
        return all
    }

    func testEveryCaseIsOneSentenceNamingTheFile() {
        let lines = everyCase.map(\.line)
        XCTAssertEqual(
            lines,
            [
                "watched.sqlite3 is from a newer release of Discover (schema 3, this one knows 2); left untouched (\(path))",
                "watched.sqlite3 is not a Discover database; left untouched (\(path))",
                "the watch history is busy: another discover-tui is writing; try again (\(path))",
                "the watch history is on a read-only file system (\(path)): marks cannot be saved",
                "the disk holding \(path) is full: the mark was not saved",
                "watched.sqlite3 cannot be used: unable to open database file (\(path))"
            ])
        for (error, line) in zip(everyCase, lines) {
            XCTAssertFalse(line.contains("\n"), line)
            XCTAssertTrue(line.contains(path), line)
            XCTAssertEqual(error.path, path)
            XCTAssertEqual(FailureLine.of(error), line)
            for pattern in ["(path:", "reason:", "newerVersion", "notOurs", "busy(", "readOnly", "diskFull", "unusable"] {
                XCTAssertFalse(line.contains(pattern), "\(line) has \(pattern)")
            }
        }
    }

    func testSQLiteAndFileFailuresAreNamedForWhatTheyAre() {
        XCTAssertEqual(WatchedStoreError.of(SQLiteError(code: 5, message: "database is locked"), path: path), .busy(path: path))
        XCTAssertEqual(WatchedStoreError.of(SQLiteError(code: 13, message: "database or disk is full"), path: path), .diskFull(path: path))
        XCTAssertEqual(
            WatchedStoreError.of(StorageError(path: path + ".v1.partial", reason: String(cString: strerror(ENOSPC))), path: path), .diskFull(path: path))
        XCTAssertEqual(
            WatchedStoreError.of(StorageError(path: path + "-shm", reason: "Permission denied"), path: path),
            .unusable(path: path + "-shm", reason: "permission denied"))
        XCTAssertEqual(WatchedStoreError.of(CocoaError(.fileReadUnknown), path: path), .unusable(path: path, reason: "an unexpected failure"))
    }

    func testFailureLineGivesWordsForEveryKnownError() {
        XCTAssertEqual(FailureLine.of(StorageError(path: "/data", reason: "Read-only file system")), "/data: read-only file system")
        XCTAssertEqual(FailureLine.of(ImportError(file: "a.csv", line: 3, reason: "bad date")), "a.csv:3: bad date")
        XCTAssertEqual(FailureLine.of(HTTPError.transport("connection refused")), "connection refused")
        XCTAssertEqual(FailureLine.of(HTTPError.timedOut(seconds: 29.6)), "no answer within 30 s")
        XCTAssertEqual(FailureLine.of(HTTPError.cancelled), "the request was cancelled")
        XCTAssertEqual(FailureLine.of(CancellationError()), "stopped")
        XCTAssertEqual(FailureLine.of(POSIXError(.ENOSPC)), "No space left on device")
        struct Unknown: Error { let secret = "internal" }
        XCTAssertEqual(FailureLine.of(Unknown()), "an unexpected failure")
    }
}
