import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// The full-screen app's side of the store's faults (`WatchedWorker`): a change behind another
/// process's lock waits in memory and is saved when the lock frees, never lost; a file deleted
/// while the app runs is made again and said once; a full disk is named.
@MainActor
final class WatchedWorkerFaultTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()
    private var helpers: [pid_t] = []
    private let got = WatchedShowID(provider: ProviderName.tvmaze.name, id: 82)

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-watched-worker-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        for pid in helpers { release(pid) }
        mounts.unmountAll()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func folder(_ name: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func key(_ season: Int, _ number: Int) -> WatchedEpisodeKey { WatchedEpisodeKey(show: got, season: season, number: number) }

    private func mark(_ season: Int, _ number: Int) -> WatchedMark {
        WatchedMark(key: key(season, number), showName: "Game of Thrones", tvmazeEpisodeID: 4952 + number, markedAt: 1_764_000_000 + number)
    }

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
        XCTAssertTrue(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("holding"), "the helper holds the lock")
        return pid
    }

    private func release(_ pid: pid_t) {
        kill(pid, SIGKILL)
        _ = StressProcess.waitStatus(pid)
        helpers.removeAll { $0 == pid }
    }

    /// The numbers of season 1's marks in the file, read by a connection of its own.
    private func savedNumbers(_ directory: String) -> [Int]? {
        (try? WatchedStore(directory: directory).allMarks())?.map(\.key.number)
    }

    // MARK: Another process's lock

    func testChangesBehindAnotherProcesssLockWaitInOrderAndAreSavedWhenItFrees() async throws {
        let dir = try folder("locked")
        let path = dir + "/" + WatchedStore.fileName
        let worker = WatchedWorker(directory: dir)
        _ = await worker.add([mark(1, 1)])
        let holder = try holdLock(dir, seconds: 60)
        let started = seconds()
        let first = await worker.add([mark(1, 2)])
        XCTAssertLessThan(seconds() - started, 5.5, "the first change gives up waiting within 5 s")
        XCTAssertEqual(first.value.map(\.key.number), [1, 2], "shown as marked")
        XCTAssertFalse(first.isInMemoryOnly)
        XCTAssertEqual(first.notice, "the watch history is busy: another discover-tui is writing; 1 change waits and will be saved when it is free (\(path))")
        // Later changes wait behind it at once, in order.
        let quick = seconds()
        _ = await worker.add([mark(1, 3)])
        let removed = await worker.remove([key(1, 1)])
        XCTAssertLessThan(seconds() - quick, 1.5, "a change behind waiting ones does not wait 5 s again")
        XCTAssertEqual(removed.value.map(\.key.number), [2, 3])
        XCTAssertEqual(
            removed.notice, "the watch history is busy: another discover-tui is writing; 3 changes wait and will be saved when it is free (\(path))")
        let rated = await worker.rate(key(1, 2), showName: "Game of Thrones", rating: UserRating(8), at: 1_764_000_500)
        XCTAssertEqual(rated.value.episodeRatings[SeasonAndNumber(season: 1, number: 2)], UserRating(8))
        XCTAssertEqual(savedNumbers(dir), [1], "nothing written while the lock is held")
        release(holder)
        // Saved without another call, by the worker's own retry.
        func savedRating() -> UserRating? { (try? WatchedStore(directory: dir).record(of: got))?.episodeRatings[SeasonAndNumber(season: 1, number: 2)] }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, savedRating() == nil { usleep(20_000) }
        XCTAssertEqual(savedRating(), UserRating(8), "the last change saved")
        XCTAssertEqual(savedNumbers(dir), [2, 3], "after the ones before it")
        let after = await worker.marks(of: got)
        XCTAssertNil(after.notice)
        XCTAssertEqual(after.value.map(\.key.number), [2, 3])
        XCTAssertNil(worker.finishSaving(within: 1))
    }

    func testQuittingSavesWhatWaitsOnceTheLockFreesAndNamesWhatCouldNotBe() async throws {
        let dir = try folder("quitting")
        let path = dir + "/" + WatchedStore.fileName
        let worker = WatchedWorker(directory: dir)
        _ = await worker.add([mark(1, 1)])
        let holder = try holdLock(dir, seconds: 60)
        _ = await worker.add([mark(1, 2)])
        let started = seconds()
        XCTAssertEqual(
            worker.finishSaving(within: 0.5), "1 watched change is not saved: the watch history is busy: another discover-tui is writing (\(path))")
        XCTAssertLessThan(seconds() - started, 1)
        release(holder)
        XCTAssertNil(worker.finishSaving(within: 2))
        XCTAssertEqual(savedNumbers(dir), [1, 2])
    }

    // MARK: Deleted while running

    func testAFileDeletedWhileTheAppRunsIsMadeAgainWithEverythingAndSaidOnce() async throws {
        let dir = try folder("deleted")
        let path = dir + "/" + WatchedStore.fileName
        let worker = WatchedWorker(directory: dir)
        _ = await worker.add([mark(1, 1), mark(1, 2)])
        _ = await worker.rateShow(got, name: "Game of Thrones", rating: UserRating(9), at: 1_764_000_300)
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        let answer = await worker.add([mark(1, 3)])
        XCTAssertEqual(answer.value.map(\.key.number), [1, 2, 3])
        XCTAssertEqual(
            answer.notice, "watched.sqlite3 was deleted while Discover ran: made again with the 2 marks, 1 rating and 0 show settings this run holds (\(path))")
        XCTAssertFalse(answer.isInMemoryOnly)
        let next = await worker.add([mark(1, 4)])
        XCTAssertNil(next.notice, "said once")
        XCTAssertEqual(savedNumbers(dir), [1, 2, 3, 4])
        XCTAssertEqual(try WatchedStore(directory: dir).record(of: got).rating, UserRating(9))
    }

    // MARK: A full disk

    func testAFullDiskKeepsTheRunsMarksInMemoryAndNamesTheDisk() async throws {
        let dir = try folder("full")
        let path = dir + "/" + WatchedStore.fileName
        try mounts.mount(at: dir, options: "size=512k,mode=0700")
        let worker = WatchedWorker(directory: dir)
        _ = await worker.add([mark(1, 1)])
        let filler = open(dir + "/filler", O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 0x78, count: 4096)
        while write(filler, block, block.count) > 0 {}
        close(filler)
        let answer = await worker.add((2...200).map { mark(1, $0) })
        XCTAssertEqual(answer.notice, "Watched episodes kept in memory only: the disk holding \(path) is full: the mark was not saved")
        XCTAssertTrue(answer.isInMemoryOnly)
        XCTAssertEqual(answer.value.count, 200, "the run keeps every mark")
    }
}
