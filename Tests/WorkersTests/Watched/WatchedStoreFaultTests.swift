import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// The watched-episodes store when the file system or another process gets in the way, on real
/// files: another process's write lock, a read-only mount, the file deleted or replaced while
/// open, a full disk. Each says what happened in one line naming the file, and loses nothing it
/// could keep.
@MainActor
final class WatchedStoreFaultTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()
    private var helpers: [pid_t] = []
    private let got = WatchedShowID(provider: ProviderName.tvmaze.name, id: 82)

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-watched-faults-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        for pid in helpers {
            kill(pid, SIGKILL)
            _ = StressProcess.waitStatus(pid)
        }
        helpers = []
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

    private func key(_ season: Int, _ number: Int) -> WatchedEpisodeKey { WatchedEpisodeKey(show: got, season: season, number: number) }

    private func mark(_ season: Int, _ number: Int, name: String = "Game of Thrones") -> WatchedMark {
        WatchedMark(key: key(season, number), showName: name, tvmazeEpisodeID: 4952 + number, markedAt: 1_764_000_000 + number)
    }

    /// Seconds on the monotonic clock.
    private func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Starts `watched-stress hold DIR SECONDS` and waits until it holds the write lock.
    private func holdLock(_ directory: String, seconds: Int) throws -> pid_t {
        let program = BuiltProducts.watchedStress
        guard FileManager.default.isExecutableFile(atPath: program) else { throw XCTSkip("watched-stress is not built (swift build --build-tests)") }
        let log = root + "/hold-\(helpers.count).log"
        let pid = try StressProcess.spawn(program, ["hold", directory, String(seconds)], log: log, errors: log + ".err")
        helpers.append(pid)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("holding") { usleep(5_000) }
        guard ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("holding") else {
            XCTFail("the helper never took the lock: " + ((try? String(contentsOfFile: log + ".err", encoding: .utf8)) ?? ""))
            throw XCTSkip("no lock")
        }
        return pid
    }

    private func release(_ pid: pid_t) {
        kill(pid, SIGKILL)
        _ = StressProcess.waitStatus(pid)
        helpers.removeAll { $0 == pid }
    }

    // MARK: Another process's lock

    func testAWriteBehindAnotherProcesssLockGivesUpWithinFiveSecondsInAll() async throws {
        let dir = try folder("locked")
        let path = dir + "/" + WatchedStore.fileName
        let holder = try holdLock(dir, seconds: 60)
        let started = seconds()
        XCTAssertThrowsError(try WatchedStore(directory: dir).add([mark(1, 1)])) { error in
            XCTAssertEqual((error as? WatchedStoreError)?.line, "the watch history is busy: another discover-tui is writing; try again (\(path))")
        }
        let waited = seconds() - started
        XCTAssertLessThan(waited, 5.5, "the open, its retries and the write's busy wait share one 5 s deadline")
        XCTAssertGreaterThan(waited, 4, "it waits for the other copy before giving up")
        // A file of this version opens without the write lock, at once; the write alone then
        // gives up the same way.
        let opening = seconds()
        let store = try WatchedStore(directory: dir)
        XCTAssertLessThan(seconds() - opening, 1, "opening does not wait behind a writer")
        let again = seconds()
        XCTAssertThrowsError(try store.add([mark(1, 2)]))
        XCTAssertLessThan(seconds() - again, 5.5)
        release(holder)
        try store.add([mark(1, 3)])
        XCTAssertEqual(try WatchedStore(directory: dir).allMarks().map(\.key.number), [3])
    }

    // MARK: Read-only media

    func testOnAReadOnlyFileSystemTheMarksAreReadAndAWriteIsRefusedInASentence() async throws {
        // A name with what a URI escapes (SQLite opens a read-only file by its URI).
        let dir = try folder("read only #1?%20é")
        let path = dir + "/" + WatchedStore.fileName
        try mounts.mount(at: dir, options: "size=1m,mode=0700")
        do {
            let store = try WatchedStore(directory: dir)
            try store.add([mark(1, 1), mark(1, 2)])
            try store.rate(key(1, 2), showName: "Game of Thrones", rating: UserRating(9), at: 1_764_000_100)
            try store.setSettings(got, name: "Game of Thrones", settings: ShowWatchSettings(countsSpecials: true, order: .any))
        }
        XCTAssertEqual(names(in: dir), [WatchedStore.fileName], "the last connection folded the WAL in")
        try mounts.remountReadOnly(dir)
        let store = try WatchedStore(directory: dir)
        XCTAssertTrue(store.isReadOnly)
        XCTAssertEqual(store.notice, "the watch history is on a read-only file system (\(path)): marks cannot be saved")
        XCTAssertEqual(try store.allMarks().map(\.key.number), [1, 2])
        XCTAssertEqual(try store.record(of: got).episodeRatings[SeasonAndNumber(season: 1, number: 2)], UserRating(9))
        XCTAssertEqual(try store.record(of: got).settings.order, .any)
        XCTAssertEqual(try store.startedShows().map(\.markCount), [2])
        XCTAssertThrowsError(try store.add([mark(1, 3)])) { error in
            XCTAssertEqual((error as? WatchedStoreError)?.line, "the watch history is on a read-only file system (\(path)): marks cannot be saved")
        }
        XCTAssertThrowsError(try store.rateShow(got, name: "Game of Thrones", rating: UserRating(8), at: 1)) { error in
            XCTAssertEqual((error as? WatchedStoreError)?.line, "the watch history is on a read-only file system (\(path)): marks cannot be saved")
        }
        XCTAssertEqual(names(in: dir), [WatchedStore.fileName], "immutable: no -wal or -shm is made")
    }

    func testOnAReadOnlyFileSystemAVersionOneFileIsReadAsItIsAndAnEmptyFolderIsRefused() async throws {
        let dir = try folder("readonly-v1")
        let path = dir + "/" + WatchedStore.fileName
        try mounts.mount(at: dir, options: "size=1m,mode=0700")
        do {
            let database = try SQLiteDatabase(path: path, create: true, busyMilliseconds: 5_000)
            try WatchedSchema.makeVersionOneSchema(database)
            try database.query(
                "INSERT INTO mark (provider, show_id, season, number, show_name, marked_at) VALUES ('tvmaze', 82, 1, 4, 'Game of Thrones', 1700000000)")
            database.close()
        }
        let before = try XCTUnwrap(FileManager.default.contents(atPath: path))
        try mounts.remountReadOnly(dir)
        let store = try WatchedStore(directory: dir)
        XCTAssertEqual(try store.allMarks().map(\.key.number), [4])
        XCTAssertEqual(try store.allMarks().map(\.plays), [1])
        XCTAssertEqual(FileManager.default.contents(atPath: path), before, "left as it is")
        let empty = try folder("readonly-empty")
        try mounts.mount(at: empty, options: "size=64k,mode=0700")
        try mounts.remountReadOnly(empty)
        XCTAssertThrowsError(try WatchedStore(directory: empty)) { error in
            XCTAssertEqual(error as? WatchedStoreError, .readOnly(path: empty + "/" + WatchedStore.fileName))
        }
    }

    func testAWALLeftByAKilledWriterIsReadOnAReadOnlyFileSystem() async throws {
        let dir = try folder("readonly-wal")
        try mounts.mount(at: dir, options: "size=4m,mode=0700")
        let program = BuiltProducts.watchedStress
        guard FileManager.default.isExecutableFile(atPath: program) else { throw XCTSkip("watched-stress is not built (swift build --build-tests)") }
        let log = root + "/loop.log"
        let pid = try StressProcess.spawn(program, ["loop", dir], log: log, errors: log + ".err")
        helpers.append(pid)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("committed 3") { usleep(2_000) }
        release(pid)
        let committed = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int($0.dropFirst("committed ".count)) }
        XCTAssertGreaterThanOrEqual(committed.count, 3)
        XCTAssertTrue(names(in: dir).contains(WatchedStore.fileName + "-wal"), "killed, the writer left its WAL")
        try mounts.remountReadOnly(dir)
        let seasons = Set(try WatchedStore(directory: dir).allMarks().map(\.key.season))
        for season in committed { XCTAssertTrue(seasons.contains(season), "season \(season), committed in the WAL, is read") }
    }

    // MARK: Deleted or replaced while open

    func testAFileDeletedWhileOpenIsMadeAgainWithEveryMarkRatingPlayAndSettingBeforeTheNextWrite() async throws {
        let dir = try folder("deleted")
        let path = dir + "/" + WatchedStore.fileName
        let store = try WatchedStore(directory: dir)
        try store.add([mark(1, 1), mark(1, 2)])
        try store.addPlays([WatchedMark(key: key(1, 1), showName: "Game of Thrones", markedAt: 1_764_100_000)])
        try store.rate(key(1, 2), showName: "Game of Thrones", rating: UserRating(7), at: 1_764_000_100)
        try store.rateShow(got, name: "Game of Thrones", rating: UserRating(10), at: 1_764_000_200)
        try store.setSettings(got, name: "Game of Thrones", settings: ShowWatchSettings(countsSpecials: true, order: .aired))
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        XCTAssertNil(store.takeNotice())
        try store.add([mark(1, 3)])
        XCTAssertEqual(
            store.takeNotice(),
            "watched.sqlite3 was deleted while Discover ran: made again with the 2 marks, 2 ratings and 1 show setting this run holds (\(path))")
        XCTAssertNil(store.takeNotice(), "said once")
        try store.add([mark(1, 4)])
        XCTAssertNil(store.takeNotice(), "the file made again is the one kept")
        let reopened = try WatchedStore(directory: dir)
        XCTAssertEqual(try reopened.allMarks().map(\.key.number), [1, 2, 3, 4], "nothing the run held is lost")
        let record = try reopened.record(of: got)
        XCTAssertEqual(record.marks.first?.plays, 2)
        XCTAssertEqual(record.marks.first?.lastPlayedAt, 1_764_100_000)
        XCTAssertEqual(record.episodeRatings[SeasonAndNumber(season: 1, number: 2)], UserRating(7))
        XCTAssertEqual(record.rating, UserRating(10))
        XCTAssertTrue(record.settings.countsSpecials)
    }

    func testAFileReplacedWhileOpenKeepsItsOwnMarksAndGainsTheRunsBeforeTheNextWrite() async throws {
        let dir = try folder("replaced")
        let other = try folder("other")
        let path = dir + "/" + WatchedStore.fileName
        let store = try WatchedStore(directory: dir)
        try store.add([mark(1, 1), mark(1, 2)])
        do { try WatchedStore(directory: other).add([mark(5, 9, name: "Other name")]) }
        XCTAssertEqual(rename(other + "/" + WatchedStore.fileName, path), 0)
        unlink(path + "-wal")
        unlink(path + "-shm")
        try store.add([mark(1, 3)])
        XCTAssertEqual(
            store.takeNotice(), "watched.sqlite3 was replaced while Discover ran: the 2 marks, 0 ratings and 0 show settings this run holds were added to the new file (\(path))")
        let marks = try WatchedStore(directory: dir).allMarks()
        XCTAssertEqual(marks.map { "\($0.key.season)/\($0.key.number)" }, ["1/1", "1/2", "1/3", "5/9"])
        XCTAssertEqual(marks.last?.showName, "Other name", "the new file's rows are kept as they are")
    }

    // MARK: A full disk

    func testAFullDiskIsNamedAndTheMarksBeforeItAreKept() async throws {
        let dir = try folder("full")
        let path = dir + "/" + WatchedStore.fileName
        try mounts.mount(at: dir, options: "size=512k,mode=0700")
        let store = try WatchedStore(directory: dir)
        try store.add([mark(1, 1)])
        // Fill the disk to the last block.
        let filler = open(dir + "/filler", O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(filler, 0)
        let block = [UInt8](repeating: 0x78, count: 4096)
        while write(filler, block, block.count) > 0 {}
        close(filler)
        let long = String(repeating: "Game of Thrones ", count: 200)
        XCTAssertThrowsError(try store.add((1...200).map { mark(2, $0, name: long) })) { error in
            XCTAssertEqual((error as? WatchedStoreError)?.line, "the disk holding \(path) is full: the mark was not saved")
        }
        unlink(dir + "/filler")
        try store.add([mark(1, 2)])
        XCTAssertEqual(try WatchedStore(directory: dir).allMarks().map(\.key.number), [1, 2])
    }
}
