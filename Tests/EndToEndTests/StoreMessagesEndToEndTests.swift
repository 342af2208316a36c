import Domain
import Foundation
import TestSupport
import Workers
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// What the commands on the watch history print when the store cannot be used as usual, run in
/// a pipe as a person runs them: a newer release's file, another program's database, a path
/// that cannot be opened, a read-only file system, TVmaze out of reach. Every message is one
/// sentence naming the file; no error's own text (`unusable(path: …)`) ever reaches the output.
final class StoreMessagesEndToEndTests: XCTestCase {
    private var runs: [PipedRun] = []
    private let server = LoopbackHTTPServer()
    private let mounts = TmpfsMounts()
    private var base = ""

    /// An error value's debug text, which must never be printed.
    private let internalPatterns = [
        "(path:", "unusable(", "newerVersion(", "notOurs(", "busy(", "readOnly(", "diskFull(", "transport(", "permanent(", "timedOut(",
        "reason:", "Error(", "Unreachable("
    ]

    override func setUp() async throws {
        try TVmazeLookupStub.install(on: server)
        base = try server.start().absoluteString
    }

    override func tearDown() async throws {
        server.stop()
        mounts.unmountAll()
        for run in runs { run.remove() }
    }

    private func home() throws -> PipedRun {
        let run = try PipedRun(prefix: "discover-store-messages")
        runs.append(run)
        try FileManager.default.createDirectory(atPath: dataFolder(run), withIntermediateDirectories: true)
        return run
    }

    private func dataFolder(_ home: PipedRun) -> String { home.root + "/home/.local/share/discover-tui" }

    private func run(_ home: PipedRun, _ arguments: [String], tvmaze: String? = nil) throws -> PipedRun.Result {
        try home.run(arguments, environment: ["DISCOVER_TVMAZE_URL": tvmaze ?? base])
    }

    /// A Discover export with one watched episode of Game of Thrones (TVmaze 82, whose episodes
    /// the offline snapshot has).
    private func exportFile(_ home: PipedRun, number: Int) throws -> String {
        let file = home.root + "/mine-\(number).csv"
        try
            ("kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
            + "watched,Game of Thrones,82,,,,1,\(number),,,,,,2024-09-11T08:00:00Z\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    private func assertNoInternalValue(_ result: PipedRun.Result, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for pattern in internalPatterns {
            XCTAssertFalse(result.err.contains(pattern), "\(what): standard error has \(pattern): \(result.err)", file: file, line: line)
            XCTAssertFalse(result.out.contains(pattern), "\(what): standard output has \(pattern): \(result.out)", file: file, line: line)
        }
    }

    /// Writes a store the app cannot use at `path`; returns the sentence that names it.
    private func makeUnusableStore(_ kind: String, at path: String) throws -> String {
        switch kind {
        case "newer":
            try WatchedStore(directory: (path as NSString).deletingLastPathComponent).add([
                WatchedMark(key: WatchedEpisodeKey(show: WatchedShowID(provider: "TVmaze", id: 112), season: 1, number: 1), showName: "South Park", markedAt: 1)
            ])
            let fd = open(path, O_WRONLY)
            var version: [UInt8] = [0, 0, 0, 7]
            XCTAssertEqual(pwrite(fd, &version, 4, 60), 4)
            close(fd)
            return "watched.sqlite3 is from a newer release of Discover (schema 7, this one knows 2); left untouched (\(path))"
        case "not ours":
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { throw XCTSkip("sqlite3 is not installed") }
            XCTAssertEqual(try Subprocess.run("/usr/bin/sqlite3", [path, "CREATE TABLE notes(body TEXT);"]).status, 0)
            return "watched.sqlite3 is not a Discover database; left untouched (\(path))"
        default:
            // A folder where the file should be: SQLite cannot open it.
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return "watched.sqlite3 cannot be used: unable to open database file (\(path))"
        }
    }

    func testEveryCommandOnAStoreItCannotUseSaysOneSentenceNamingTheFile() throws {
        for kind in ["newer", "not ours", "cannot be opened"] {
            let h = try home()
            let path = dataFolder(h) + "/" + WatchedStore.fileName
            let sentence = try makeUnusableStore(kind, at: path)
            let file = try exportFile(h, number: 2)
            let commands: [([String], Int32)] = [
                (["export", "--json"], 1), (["export", "--csv"], 1), (["import", "discover", file, "--apply"], 1), (["continue", "--offline"], 0),
                (["watched", "Game of Thrones", "--offline"], 1)
            ]
            for (arguments, status) in commands {
                let result = try run(h, arguments)
                let what = "\(kind): \(arguments.joined(separator: " "))"
                XCTAssertEqual(result.status, status, "\(what): \(result.err)")
                assertNoInternalValue(result, what)
                // The sentence is a line of its own (after "kept in memory only: " for the commands that read).
                XCTAssertTrue(result.err.split(separator: "\n").contains { $0.hasPrefix("discover-tui: ") && $0.contains(sentence) }, "\(what): \(result.err)")
            }
        }
    }

    func testOnAReadOnlyFileSystemContinueAndWatchedReadTheMarksAndAnImportIsRefused() throws {
        let h = try home()
        let data = dataFolder(h)
        let path = data + "/" + WatchedStore.fileName
        try mounts.mount(at: data, options: "size=1m,mode=0700")
        let first = try run(h, ["import", "discover", try exportFile(h, number: 2), "--apply"])
        XCTAssertEqual(first.status, 0, first.err)
        try mounts.remountReadOnly(data)
        let sentence = "the watch history is on a read-only file system (\(path)): marks cannot be saved"
        let listed = try run(h, ["continue", "--offline"])
        XCTAssertEqual(listed.status, 0, listed.err)
        XCTAssertTrue(listed.out.hasPrefix("Game of Thrones  "), listed.out)
        XCTAssertEqual(listed.err, "discover-tui: \(sentence)\n")
        let progress = try run(h, ["watched", "Game of Thrones", "--season", "1", "--offline"])
        XCTAssertEqual(progress.status, 0, progress.err)
        XCTAssertTrue(progress.out.contains("✓ S01E02"), progress.out)
        let exported = try run(h, ["export", "--csv"])
        XCTAssertEqual(exported.status, 0, exported.err)
        XCTAssertTrue(exported.out.contains("watched,Game of Thrones,82,,,,1,2,"), exported.out)
        let refused = try run(h, ["import", "discover", try exportFile(h, number: 3), "--apply"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.hasSuffix("\ndiscover-tui: \(sentence)\n"), refused.err)
        for result in [listed, progress, exported, refused] { assertNoInternalValue(result, "read-only") }
    }

    func testAnImportThatCannotReachTVmazeSaysWhyInWords() throws {
        let h = try home()
        let result = try run(h, ["import", "trakt", Fixtures.url("imports/trakt_watched_shows_south-park.json").path], tvmaze: "http://127.0.0.1:9")
        XCTAssertEqual(result.status, 3)
        assertNoInternalValue(result, "TVmaze out of reach")
        XCTAssertTrue(result.err.contains("discover-tui: cannot ask TVmaze (connection refused): nothing was imported. Run the same import again later"), result.err)
    }
}
