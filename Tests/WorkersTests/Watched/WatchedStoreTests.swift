import Domain
import Foundation
import TestSupport
import Workers
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The watched-episodes database on real folders: round trip, one transaction per change, a
/// newer release's file left untouched, a damaged file moved aside, a read-only folder, two
/// processes at once and a writer killed mid-save.
@MainActor
final class WatchedStoreTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()
    private let got = WatchedShowID(provider: ProviderName.tvmaze.name, id: 82)

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-watched-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        mounts.unmountAll()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func folder(_ name: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func names(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    private func mark(_ season: Int, _ number: Int, show: WatchedShowID? = nil, at time: Int = 1_764_000_000) -> WatchedMark {
        WatchedMark(
            key: WatchedEpisodeKey(show: show ?? got, season: season, number: number), showName: "Game of Thrones",
            tvmazeEpisodeID: 4952 + number, markedAt: time)
    }

    // MARK: Round trip

    func testMarksRoundTripWithEveryFieldAcrossReopening() async throws {
        let dir = try folder("data")
        do {
            let store = try WatchedStore(directory: dir)
            XCTAssertNil(store.notice)
            try store.add([mark(1, 1), mark(1, 2, at: 1_764_000_100)])
            try store.add([
                WatchedMark(
                    key: WatchedEpisodeKey(show: WatchedShowID(provider: ProviderName.tmdb.name, id: 1399), season: 2, number: 3),
                    showName: "Game of Thrones", tmdbEpisodeID: 63066, markedAt: 1_764_000_200)
            ])
        }
        let reopened = try WatchedStore(directory: dir)
        let marks = try reopened.allMarks()
        XCTAssertEqual(marks.count, 3)
        XCTAssertEqual(marks.first { $0.key.show.provider == ProviderName.tmdb.name }?.tmdbEpisodeID, 63066)
        XCTAssertEqual(marks.first { $0.key.show.provider == ProviderName.tmdb.name }?.tvmazeEpisodeID, nil)
        XCTAssertEqual(try reopened.marks(of: got).map(\.key.number), [1, 2])
        XCTAssertEqual(try reopened.marks(of: got).map(\.markedAt), [1_764_000_000, 1_764_000_100])
        XCTAssertEqual(try reopened.startedShows().map(\.show.provider), [ProviderName.tmdb.name, ProviderName.tvmaze.name], "most recent first")
        XCTAssertEqual(try reopened.startedShows().last?.markCount, 2)
        XCTAssertTrue(names(in: dir).contains(WatchedStore.fileName))
    }

    func testMarkingAgainKeepsTheFirstTimeAndFillsAMissingEpisodeID() async throws {
        let store = try WatchedStore(directory: try folder("again"))
        try store.add([WatchedMark(key: WatchedEpisodeKey(show: got, season: 1, number: 1), showName: "GoT", markedAt: 100)])
        try store.add([WatchedMark(key: WatchedEpisodeKey(show: got, season: 1, number: 1), showName: "Game of Thrones", tvmazeEpisodeID: 4952, markedAt: 200)])
        let marks = try store.marks(of: got)
        XCTAssertEqual(marks.count, 1)
        XCTAssertEqual(marks.first?.markedAt, 100)
        XCTAssertEqual(marks.first?.tvmazeEpisodeID, 4952)
        XCTAssertEqual(marks.first?.showName, "Game of Thrones")
        try store.remove([WatchedEpisodeKey(show: got, season: 1, number: 1), WatchedEpisodeKey(show: got, season: 9, number: 9)])
        XCTAssertEqual(try store.marks(of: got), [])
        XCTAssertEqual(try store.startedShows(), [])
    }

    func testTheStampChangesWithEveryCommitOfThisConnectionOrAnotherAndOnlyThen() async throws {
        let dir = try folder("stamp")
        let store = try WatchedStore(directory: dir)
        let other = try WatchedStore(directory: dir)
        let first = try store.stamp()
        _ = try store.allMarks()
        XCTAssertEqual(try store.stamp(), first, "a read changes nothing")
        try store.add([mark(1, 1)])
        let afterOwn = try store.stamp()
        XCTAssertNotEqual(afterOwn, first, "this connection's commit")
        try other.add([mark(1, 2)])
        let afterOther = try store.stamp()
        XCTAssertNotEqual(afterOther, afterOwn, "another connection's commit")
        XCTAssertEqual(try store.stamp(), afterOther)
        XCTAssertNotEqual(try WatchedStore(directory: dir).stamp().connection, afterOther.connection, "a file opened again is another connection")
    }

    func testTheWorkersStampIsNilUntilTheStoreIsOpenedAndAskingMakesNoFile() async throws {
        let dir = try folder("worker-stamp")
        let worker = WatchedWorker(directory: dir)
        let before = await worker.stamp()
        XCTAssertNil(before)
        XCTAssertEqual(names(in: dir), [], "asking made no database")
        _ = await worker.add([mark(1, 1)])
        let opened = await worker.stamp()
        XCTAssertNotNil(opened)
        _ = await worker.add([mark(1, 2)])
        let changed = await worker.stamp()
        XCTAssertNotEqual(changed, opened)
    }

    func testTheFileIsWALWithTheSchemaVersionAndOurApplicationID() async throws {
        let dir = try folder("header")
        do {
            let store = try WatchedStore(directory: dir)
            try store.add([mark(1, 1)])
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + WatchedStore.fileName + "-wal"), "the open connection's WAL")
        }
        // Closed: the last connection checkpointed the WAL into the file.
        let header = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/" + WatchedStore.fileName))
        XCTAssertEqual(Array(header.prefix(15)), Array("SQLite format 3".utf8))
        XCTAssertEqual(header[18], 2, "WAL: file format write version 2")
        XCTAssertEqual(header[60..<64].reduce(0) { $0 << 8 | Int($1) }, WatchedStore.schemaVersion)
        XCTAssertEqual(Array(header[68..<72]), Array("Disv".utf8))
        XCTAssertEqual(try WatchedStore(directory: dir).allMarks().count, 1)
    }

    // MARK: Versions and damage

    /// Writes `version` into the header's user_version field (offset 60, big-endian).
    private func setUserVersion(_ version: UInt8, in path: String) throws {
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var bytes: [UInt8] = [0, 0, 0, version]
        XCTAssertEqual(pwrite(fd, &bytes, 4, 60), 4)
    }

    func testANewerReleasesDatabaseIsLeftByteIdenticalWithAClearMessage() async throws {
        let dir = try folder("newer")
        do { try WatchedStore(directory: dir).add([mark(1, 1)]) }
        let path = dir + "/" + WatchedStore.fileName
        try setUserVersion(7, in: path)
        let before = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertThrowsError(try WatchedStore(directory: dir)) { error in
            XCTAssertEqual(error as? WatchedStoreError, .newerVersion(path: path, version: 7))
            XCTAssertEqual(
                (error as? WatchedStoreError)?.line,
                "watched.sqlite3 is from a newer release of Discover (schema 7, this one knows 2); left untouched (\(path))")
        }
        // The worker keeps this run's marks in memory and says so on every answer.
        let worker = WatchedWorker(directory: dir)
        let answer = await worker.add([mark(1, 2)])
        XCTAssertTrue(answer.isInMemoryOnly)
        XCTAssertEqual(answer.value.map(\.key.number), [2])
        XCTAssertEqual(answer.notice, "Watched episodes kept in memory only: watched.sqlite3 is from a newer release of Discover (schema 7, this one knows 2); left untouched (\(path))")
        XCTAssertEqual(FileManager.default.contents(atPath: path), before, "byte-identical")
    }

    func testADamagedFileIsMovedAsideWithItsWALAndANewOneStarted() async throws {
        let dir = try folder("damaged")
        let path = dir + "/" + WatchedStore.fileName
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x5a, count: 8192)))
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "-wal", contents: Data("stale".utf8)))
        let store = try WatchedStore(directory: dir, now: 1_764_633_600) // 2025-12-02 00:00:00 UTC
        let notice = try XCTUnwrap(store.notice)
        XCTAssertTrue(notice.hasPrefix("watched.sqlite3 was damaged (file is not a database), so watched episodes start empty; moved aside to "), notice)
        XCTAssertTrue(notice.hasSuffix(path + ".corrupt-20251202-000000"), notice)
        XCTAssertEqual(FileManager.default.contents(atPath: path + ".corrupt-20251202-000000"), Data(repeating: 0x5a, count: 8192))
        XCTAssertEqual(FileManager.default.contents(atPath: path + ".corrupt-20251202-000000-wal"), Data("stale".utf8))
        try store.add([mark(1, 1)])
        XCTAssertEqual(try store.allMarks().count, 1)
    }

    func testAnotherProgramsDatabaseIsLeftUntouched() async throws {
        let dir = try folder("foreign")
        let path = dir + "/" + WatchedStore.fileName
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        made.arguments = [path, "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('mine');"]
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { throw XCTSkip("sqlite3 is not installed") }
        try made.run()
        made.waitUntilExit()
        let before = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertThrowsError(try WatchedStore(directory: dir)) { error in
            XCTAssertEqual(error as? WatchedStoreError, .notOurs(path: path))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), before)
    }

    func testAReadOnlyFolderKeepsMarksInMemoryWithTheReasonAndPath() async throws {
        let dir = try folder("readonly")
        try mounts.mount(at: dir, options: "size=64k,mode=0700")
        try mounts.remountReadOnly(dir)
        let worker = WatchedWorker(directory: dir)
        let answer = await worker.add([mark(1, 1), mark(1, 2)])
        XCTAssertTrue(answer.isInMemoryOnly)
        XCTAssertEqual(answer.value.count, 2)
        XCTAssertEqual(
            answer.notice,
            "Watched episodes kept in memory only: the watch history is on a read-only file system (\(dir)/watched.sqlite3): marks cannot be saved")
        XCTAssertEqual(names(in: dir), [])
    }

    func testTheStoreGoesUnderXDGDataHome() async throws {
        let worker = WatchedWorker(environment: ["HOME": root + "/home", "XDG_DATA_HOME": root + "/xdg"])
        let answer = await worker.add([mark(1, 1)])
        XCTAssertNil(answer.notice)
        XCTAssertTrue(names(in: root + "/xdg/discover-tui").contains("watched.sqlite3"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/home"))
    }

    // MARK: Separate processes

    private func spawnStress(_ arguments: [String], log: String) throws -> pid_t {
        let path = BuiltProducts.watchedStress
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("watched-stress is not built (swift build --build-tests)") }
        return try StressProcess.spawn(path, arguments, log: log, errors: log + ".err")
    }

    private func waitStatus(_ pid: pid_t) -> Int32 { StressProcess.waitStatus(pid) }

    func testTwoProcessesMarkingDifferentEpisodesOfOneShowAtOnceLoseNothing() async throws {
        for round in 0..<2 {
            let dir = try folder("two\(round)")
            let a = try spawnStress(["mark", dir, "1", "150"], log: root + "/a.log")
            let b = try spawnStress(["mark", dir, "2", "150"], log: root + "/b.log")
            XCTAssertEqual(waitStatus(a), 0, (try? String(contentsOfFile: root + "/a.log.err", encoding: .utf8)) ?? "")
            XCTAssertEqual(waitStatus(b), 0, (try? String(contentsOfFile: root + "/b.log.err", encoding: .utf8)) ?? "")
            let marks = try WatchedStore(directory: dir).marks(of: WatchedShowID(provider: "test", id: 1))
            XCTAssertEqual(marks.count, 300, "round \(round)")
            XCTAssertEqual(
                Set(marks.map { "\($0.key.season)/\($0.key.number)" }),
                Set((1...2).flatMap { s in (1...150).map { "\(s)/\($0)" } }), "round \(round)")
        }
    }

    func testAWriterKilledMidSaveNeverLosesACommittedMarkAndTheStoreAlwaysOpens() async throws {
        let dir = try folder("killed")
        let show = WatchedShowID(provider: "test", id: 1)
        var committedSeen = 0
        for round in 0..<25 {
            let log = root + "/loop\(round).log"
            let pid = try spawnStress(["loop", dir], log: log)
            // Wait for a state: at least one batch committed in this round, then kill at once.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("committed") { usleep(2_000) }
            usleep(UInt32.random(in: 0...20_000))
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            XCTAssertEqual(waitStatus(pid), 128 + SIGKILL, "round \(round)")
            let committed = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int($0.dropFirst("committed ".count)) }
            XCTAssertFalse(committed.isEmpty, "round \(round): a batch was committed")
            committedSeen += committed.count
            let store = try WatchedStore(directory: dir)
            XCTAssertNil(store.notice, "round \(round): never damaged")
            let seasons = Set(try store.marks(of: show).filter { $0.key.number == 50 }.map(\.key.season))
            for season in committed { XCTAssertTrue(seasons.contains(season), "round \(round): committed season \(season) is there") }
            // Each batch is one transaction: a season is all 50 episodes or none.
            let bySeason = Dictionary(grouping: try store.marks(of: show), by: \.key.season)
            XCTAssertTrue(bySeason.values.allSatisfy { $0.count == 50 }, "round \(round): no half batch")
        }
        XCTAssertGreaterThan(committedSeen, 25)
    }
}
