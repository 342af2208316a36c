import Domain
import Foundation
import TestSupport
import Workers
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The favourites file on real folders: round trip, corrupt files, a read-only and a full file
/// system (tmpfs mounts), writers killed mid-save, and two writers at once.
@MainActor
final class FavouritesStoreTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-fav-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        mounts.unmountAll()
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: Helpers

    private func show(_ id: String, name: String? = nil, at time: Int = 1_764_000_000) -> Favourite {
        Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: id), name: name ?? "Show \(id)", subtitle: "2011–2019 · HBO", addedAt: time)
    }

    private func place(_ id: String) throws -> Favourite {
        Favourite(
            key: FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/\(id)"), name: "Café \(id)",
            subtitle: "Café · Divan Yolu Caddesi", coordinate: try Coordinate(latitude: 41.0086, longitude: 28.9802), addedAt: 1_764_000_100)
    }

    private func folder(_ name: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func names(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    private func contents(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    // MARK: Round trip and format

    func testRoundTripKeepsEveryFieldAndTheFileIsVersionOne() async throws {
        let dir = try folder("data")
        let first = FavouritesWorker(store: FavouritesStore(directory: dir))
        _ = await first.apply(.add(show("82", name: "Game of Thrones")))
        _ = await first.apply(.add(try place("262402714")))
        let state = await first.apply(.add(show("169")))
        XCTAssertNil(state.notice)
        XCTAssertFalse(state.isInMemoryOnly)

        let second = FavouritesWorker(store: FavouritesStore(directory: dir))
        let read = await second.load()
        XCTAssertEqual(read.favourites, [show("82", name: "Game of Thrones"), try place("262402714"), show("169")])
        XCTAssertEqual(read.favourites[1].coordinate, try Coordinate(latitude: 41.0086, longitude: 28.9802))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(contents(dir + "/favorites.json"))) as? [String: Any])
        XCTAssertEqual(json["version"] as? Int, 1)
        let entries = try XCTUnwrap(json["favourites"] as? [[String: Any]])
        XCTAssertEqual(entries.first?["added"] as? String, "2025-11-24T16:00:00Z")
        XCTAssertEqual(entries.first?["kind"] as? String, "show")
        XCTAssertEqual(entries[1]["latitude"] as? Double, 41.0086)
        // Only the file and its lock are left in the folder.
        XCTAssertEqual(names(in: dir), ["favorites.json", "favorites.json.lock"])
        XCTAssertEqual(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: dir + "/favorites.json")[.posixPermissions] as? Int) & 0o777, 0o600)

        // Removing applies to the file as it is now.
        let after = await second.apply(.remove(show("82").key))
        XCTAssertEqual(after.favourites.map(\.key.id), ["osm:node/262402714", "169"])
        let reread = await first.load()
        XCTAssertEqual(reread.favourites.map(\.key.id), ["osm:node/262402714", "169"])
    }

    func testTheSameIdFromTwoProvidersIsTwoFavourites() async throws {
        let worker = FavouritesWorker(store: FavouritesStore(directory: try folder("data")))
        _ = await worker.apply(.add(show("82")))
        let tmdb = Favourite(key: FavouriteKey(kind: .show, provider: "TMDB", id: "82"), name: "Other", subtitle: "", addedAt: 1)
        let state = await worker.apply(.add(tmdb))
        XCTAssertEqual(state.favourites.count, 2)
        let again = await worker.apply(.add(show("82", name: "renamed")))
        XCTAssertEqual(again.favourites.count, 2, "adding a key already there keeps the first")
        XCTAssertEqual(again.favourites.first?.name, "Show 82")
    }

    // MARK: C21: corrupt files

    func testEveryKindOfCorruptFileIsMovedAsideKeptAndReportedInOneLine() async throws {
        let cases: [(String, Data)] = [
            ("zero bytes", Data()),
            ("truncated JSON", Data(#"{"version":1,"favourites":[{"kind":"show","provider":"TVmaze","id":"82","na"#.utf8)),
            ("binary garbage", Data([0x00, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xC3, 0x28])),
            ("valid JSON of the wrong shape", Data(#"{"shows":[82,169],"version":"one"}"#.utf8)),
            ("a JSON array", Data("[1,2,3]".utf8)),
            ("favourites that are not an array", Data(#"{"version":1,"favourites":{"kind":"show"}}"#.utf8))
        ]
        for (index, (label, bytes)) in cases.enumerated() {
            let dir = try folder("corrupt\(index)")
            XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: bytes))
            // 2026-11-29 14:30:00 UTC
            let worker = FavouritesWorker(store: FavouritesStore(directory: dir, now: { 1_795_962_600 }))
            let state = await worker.load()
            let notice = try XCTUnwrap(state.notice, label)
            XCTAssertFalse(notice.contains("\n"), "one line: \(notice)")
            XCTAssertTrue(notice.contains(dir + "/favorites.json.corrupt-20261129-143000"), "\(label): \(notice)")
            XCTAssertEqual(state.favourites, [], label)
            XCTAssertFalse(state.isInMemoryOnly, label)
            XCTAssertEqual(names(in: dir), ["favorites.json.corrupt-20261129-143000", "favorites.json.lock"], label)
            XCTAssertEqual(contents(dir + "/favorites.json.corrupt-20261129-143000"), bytes, "\(label): kept byte for byte")
            // The app carries on: the next change makes a good file.
            let saved = await worker.apply(.add(show("82")))
            XCTAssertNil(saved.notice, label)
            XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json"))), [show("82")], label)
        }
    }

    func testTheCorruptNoticeSaysWhatHappenedBeforeThePath() async throws {
        let dir = try folder("data")
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: Data("{".utf8)))
        let loaded = await FavouritesWorker(store: FavouritesStore(directory: dir, now: { 1_795_962_600 })).load()
        let notice = try XCTUnwrap(loaded.notice)
        XCTAssertTrue(
            notice.hasPrefix("favorites.json was unreadable (not JSON (cut short or garbled)), so favourites start empty; moved aside to \(dir)/favorites.json.corrupt-20261129-143000"), notice)
    }

    func testOneBadEntryIsSkippedAndWrittenBackAsItWasWithEverythingElseOfTheFile() async throws {
        let dir = try folder("data")
        let original = #"""
            {"version":1,"theme":{"colour":"teal"},"favourites":[
              {"kind":"show","provider":"TVmaze","id":"82","name":"Game of Thrones","subtitle":"2011–2019 · HBO","added":"2025-11-24T16:00:00Z","note":"rewatch","rating":9},
              {"kind":"show","name":"nope"},
              {"kind":"show","provider":"TVmaze","id":"82","name":"Twice","subtitle":"","added":"2025-11-24T16:00:00Z"},
              {"kind":"film","provider":"TVmaze","id":"1","name":"Not a kind","subtitle":"","added":"2025-11-24T16:00:00Z"}
            ]}
            """#
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: Data(original.utf8)))
        let worker = FavouritesWorker(store: FavouritesStore(directory: dir))
        let loaded = await worker.load()
        XCTAssertEqual(loaded.favourites, [show("82", name: "Game of Thrones")], "the readable entry is read; the repeat is the same favourite")
        XCTAssertEqual(loaded.notice, "2 favourites could not be read and are kept as they were (favorites.json)")
        XCTAssertFalse(loaded.isInMemoryOnly)
        XCTAssertEqual(names(in: dir), ["favorites.json"], "nothing moved aside")

        let state = await worker.apply(.add(show("169")))
        XCTAssertEqual(state.favourites.map(\.key.id), ["82", "169"])
        XCTAssertFalse(state.isInMemoryOnly)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(contents(dir + "/favorites.json"))) as? [String: Any])
        XCTAssertEqual((json["theme"] as? [String: Any])?["colour"] as? String, "teal", "unknown top-level fields are kept")
        let entries = try XCTUnwrap(json["favourites"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 4)
        guard entries.count == 4 else { return }
        XCTAssertEqual(entries[0]["note"] as? String, "rewatch", "unknown fields of a readable entry are kept")
        XCTAssertEqual(entries[0]["rating"] as? Int, 9)
        XCTAssertEqual(entries[1].keys.sorted(), ["kind", "name"], "the bad entry is kept as it was, in its place")
        XCTAssertEqual(entries[1]["name"] as? String, "nope")
        XCTAssertEqual(entries[2]["kind"] as? String, "film")
        XCTAssertEqual(entries[3]["id"] as? String, "169")
        XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json"))).map(\.key.id), ["82", "169"])

        // A top level of the wrong shape is still moved aside.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: Data(#"[{"kind":"show"}]"#.utf8)))
        let aside = await worker.load()
        XCTAssertTrue(aside.notice?.contains("moved aside") ?? false, aside.notice ?? "")
    }

    func testASymlinkedFileStaysALinkAndItsTargetIsReplaced() async throws {
        // Dotfiles: ~/.local/share/discover-tui/favorites.json -> ../../../dotfiles/favorites.json
        let dir = try folder("data")
        let dotfiles = try folder("dotfiles")
        XCTAssertEqual(symlink("../dotfiles/discover-favourites.json", dir + "/favorites.json"), 0)
        let worker = FavouritesWorker(store: FavouritesStore(directory: dir))
        _ = await worker.apply(.add(show("82")))
        let state = await worker.apply(.add(show("169")))
        XCTAssertFalse(state.isInMemoryOnly, state.notice ?? "")
        var info = stat()
        XCTAssertEqual(lstat(dir + "/favorites.json", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "still a link")
        XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dotfiles + "/discover-favourites.json"))).map(\.key.id), ["82", "169"])
        XCTAssertEqual(names(in: dotfiles), ["discover-favourites.json"], "no temporary file left")
        XCTAssertEqual(names(in: dir), ["favorites.json", "favorites.json.lock"])
        _ = await worker.apply(.remove(show("82").key))
        XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json"))).map(\.key.id), ["169"])
    }

    func testAnotherProcessHoldingTheLockMakesAWriteGiveUpWithAReasonAndReadsGoOn() async throws {
        let dir = try folder("data")
        let store = FavouritesStore(directory: dir)
        _ = try store.write(applying: [.add(show("82"))])
        let before = try XCTUnwrap(contents(dir + "/favorites.json"))
        let holder = try FileLockHolder(path: dir + "/favorites.json.lock")
        defer { holder.release() }
        let worker = FavouritesWorker(store: store)
        // Run the change on its own, so that a write blocking for good fails the test instead
        // of hanging it (the holder is ended then, which frees the write).
        let started = Date()
        let finished = Flag()
        let change = Task {
            let state = await worker.apply(.add(show("169")))
            finished.set()
            return state
        }
        while !finished.isSet && Date().timeIntervalSince(started) < 6 {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        guard finished.isSet else {
            holder.release()
            _ = await change.value
            return XCTFail("the write waited for the lock for more than 6 s")
        }
        let state = await change.value
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 1.5, "it retried for about 2 s")
        XCTAssertTrue(state.isInMemoryOnly)
        XCTAssertEqual(state.notice, "Favourites kept in memory only: favorites.json is locked by another process (\(dir)/favorites.json)")
        XCTAssertEqual(state.favourites.map(\.key.id), ["82", "169"], "the change is kept in memory")
        XCTAssertEqual(contents(dir + "/favorites.json"), before)
        // Reading does not wait for the lock.
        let readStarted = Date()
        XCTAssertEqual(try store.read().favourites.map(\.key.id), ["82"])
        XCTAssertLessThan(Date().timeIntervalSince(readStarted), 1)
        // Freed: the next write saves the change kept in memory with its own.
        holder.release()
        let saved = await worker.apply(.add(show("204")))
        XCTAssertFalse(saved.isInMemoryOnly, saved.notice ?? "")
        XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json"))).map(\.key.id), ["82", "169", "204"])
    }

    /// A flag set by one task and read by another.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    func testFinishSavingWaitsForQueuedSavesAndSaysWhenTheLockIsHeld() async throws {
        let dir = try folder("data")
        let worker = FavouritesWorker(store: FavouritesStore(directory: dir))
        for id in ["1", "2", "3"] { worker.save(.add(show(id))) { _ in } }
        worker.save(.remove(show("2").key)) { _ in }
        XCTAssertNil(worker.finishSaving(within: 2.5))
        XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json"))).map(\.key.id), ["1", "3"])

        let holder = try FileLockHolder(path: dir + "/favorites.json.lock")
        defer { holder.release() }
        worker.save(.add(show("4"))) { _ in }
        let started = Date()
        let line = try XCTUnwrap(worker.finishSaving(within: 2.5))
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        XCTAssertEqual(line, "1 favourite change is not saved: favorites.json is locked by another process (\(dir)/favorites.json)")
    }

    func testAFileLargerThan16MiBIsTreatedAsCorruptNotReadIntoMemory() async throws {
        let dir = try folder("big")
        let big = Data(repeating: 0x20, count: FavouritesStore.maximumFileSize + 1)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: big))
        let state = await FavouritesWorker(store: FavouritesStore(directory: dir)).load()
        XCTAssertTrue(state.notice?.contains("larger than 16 MiB") ?? false, state.notice ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/favorites.json"))
    }

    func testASecondCorruptFileInTheSameSecondGetsItsOwnName() async throws {
        let dir = try folder("data")
        let store = FavouritesStore(directory: dir, now: { 1_795_962_600 })
        for _ in 0..<2 {
            XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: Data("{".utf8)))
            _ = try store.read()
        }
        XCTAssertEqual(names(in: dir), ["favorites.json.corrupt-20261129-143000", "favorites.json.corrupt-20261129-143000-2", "favorites.json.lock"])
    }

    func testAFileOfAnotherVersionIsLeftAsItIsAndChangesStayInMemory() async throws {
        let dir = try folder("data")
        let bytes = Data(#"{"version":2,"favourites":{"shows":[]}}"#.utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/favorites.json", contents: bytes))
        let worker = FavouritesWorker(store: FavouritesStore(directory: dir))
        let loaded = await worker.load()
        XCTAssertTrue(loaded.isInMemoryOnly)
        XCTAssertTrue(loaded.notice?.hasPrefix("Favourites kept in memory only: written by another release of Discover (format version 2)") ?? false, loaded.notice ?? "")
        let state = await worker.apply(.add(show("82")))
        XCTAssertEqual(state.favourites, [show("82")])
        XCTAssertTrue(state.isInMemoryOnly)
        XCTAssertEqual(contents(dir + "/favorites.json"), bytes)
    }

    // MARK: C23 and a full disk

    func testAReadOnlyFileSystemKeepsTheOldFileAndTheChangeInMemoryAndSaysWhy() async throws {
        let dir = try folder("ro")
        try mounts.mount(at: dir, options: "size=64k,mode=0700")
        let store = FavouritesStore(directory: dir)
        _ = try store.write(applying: [.add(show("82"))])
        let before = try XCTUnwrap(contents(dir + "/favorites.json"))
        try mounts.remountReadOnly(dir)

        let worker = FavouritesWorker(store: store)
        let state = await worker.apply(.add(show("169")))
        XCTAssertTrue(state.isInMemoryOnly)
        XCTAssertEqual(state.favourites.map(\.key.id), ["82", "169"], "the change is kept in memory")
        let notice = try XCTUnwrap(state.notice)
        XCTAssertTrue(notice.contains(dir + "/favorites.json"), notice)
        XCTAssertTrue(notice.hasPrefix("Favourites kept in memory only: read-only file system ("), notice)
        XCTAssertFalse(notice.contains("\n"))
        XCTAssertEqual(contents(dir + "/favorites.json"), before, "the old file is byte-identical")
        XCTAssertEqual(names(in: dir), ["favorites.json", "favorites.json.lock"], "no temporary file")
        // Reading still works, and the unsaved change stays on top of what the file holds.
        let reloaded = await worker.load()
        XCTAssertEqual(reloaded.favourites.map(\.key.id), ["82", "169"])
    }

    func testAFullDiskKeepsTheOldFileLeavesNoTemporaryFileAndSavesOnceThereIsRoom() async throws {
        let dir = try folder("full")
        try mounts.mount(at: dir, options: "size=16k,mode=0700")
        let store = FavouritesStore(directory: dir)
        _ = try store.write(applying: [.add(show("82"))])
        let before = try XCTUnwrap(contents(dir + "/favorites.json"))
        // Fill the file system.
        let filler = dir + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let block = [UInt8](repeating: 0x41, count: 1024)
        var filled = false
        for _ in 0..<64 where write(fd, block, block.count) < 0 {
            XCTAssertEqual(errno, ENOSPC)
            filled = true
            break
        }
        close(fd)
        XCTAssertTrue(filled, "the 16k tmpfs filled up")

        let worker = FavouritesWorker(store: store)
        let state = await worker.apply(.add(show("169", name: String(repeating: "Long name ", count: 500))))
        XCTAssertTrue(state.isInMemoryOnly)
        let notice = try XCTUnwrap(state.notice)
        XCTAssertTrue(notice.contains(dir + "/favorites.json"), notice)
        XCTAssertTrue(notice.hasPrefix("Favourites kept in memory only: no space left on device ("), notice)
        XCTAssertEqual(contents(dir + "/favorites.json"), before, "the old file is byte-identical")
        XCTAssertEqual(names(in: dir), ["favorites.json", "favorites.json.lock", "filler"], "no temporary file")

        // Room again: the change kept in memory is saved with the next one.
        XCTAssertEqual(unlink(filler), 0)
        let saved = await worker.apply(.add(show("204")))
        XCTAssertFalse(saved.isInMemoryOnly)
        XCTAssertEqual(try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json"))).map(\.key.id), ["82", "169", "204"])
    }

    func testAReadOnlyHomeRunsInMemoryWithANoticeNamingThePathAndReason() async throws {
        // C23: HOME on a read-only file system (mode 555 does not stop root, a read-only mount does).
        let home = try folder("home")
        try mounts.mount(at: home, options: "size=64k,mode=0700")
        try mounts.remountReadOnly(home)
        let worker = FavouritesWorker(environment: ["HOME": home])
        let loaded = await worker.load()
        XCTAssertTrue(loaded.isInMemoryOnly)
        let notice = try XCTUnwrap(loaded.notice)
        XCTAssertTrue(notice.contains(home + "/.local"), notice)
        XCTAssertTrue(notice.hasPrefix("Favourites kept in memory only: read-only file system ("), notice)
        let state = await worker.apply(.add(show("82")))
        XCTAssertEqual(state.favourites, [show("82")])
        XCTAssertEqual(names(in: home), [])
    }

    // MARK: C22: XDG folders

    func testTheFileGoesUnderXDGDataHomeMadeWithMode0700OrTheDefaultUnderHome() async throws {
        let env = ["HOME": root + "/home", "XDG_DATA_HOME": root + "/xdg/data"]
        let worker = FavouritesWorker(environment: env)
        let state = await worker.apply(.add(show("82")))
        XCTAssertNil(state.notice)
        for path in [root + "/xdg/data/discover-tui"] {
            XCTAssertEqual(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777, 0o700)
        }
        XCTAssertEqual(names(in: root + "/xdg/data/discover-tui"), ["favorites.json", "favorites.json.lock"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/home"), "nothing written under HOME")

        let unset = FavouritesWorker(environment: ["HOME": root + "/home2"])
        _ = await unset.apply(.add(show("1")))
        XCTAssertEqual(names(in: root + "/home2/.local/share/discover-tui"), ["favorites.json", "favorites.json.lock"])
        XCTAssertEqual(names(in: root + "/home2"), [".local"])
        XCTAssertEqual(names(in: root), ["home2", "xdg"], "nothing written elsewhere")
    }

    // MARK: Separate processes

    /// Starts `favourites-stress` with its output in a file; returns its process id.
    private func spawnStress(_ arguments: [String], log: String) throws -> pid_t {
        let path = BuiltProducts.favouritesStress
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("favourites-stress is not built (swift build --build-tests)") }
        return try StressProcess.spawn(path, arguments, log: log)
    }

    private func waitStatus(_ pid: pid_t) -> Int32 { StressProcess.waitStatus(pid) }

    func testKillingAWriterAtRandomMomentsNeverLeavesABrokenFile() async throws {
        let dir = try folder("killed")
        var sawFile = 0
        for round in 0..<60 {
            let pid = try spawnStress(["loop", dir], log: root + "/loop.log")
            usleep(UInt32.random(in: 5_000...60_000))
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            XCTAssertEqual(waitStatus(pid), 128 + SIGKILL, "round \(round)")
            guard let data = contents(dir + "/favorites.json") else { continue }
            sawFile += 1
            XCTAssertNoThrow(try FavouritesFile.decode(data), "round \(round): the file always parses")
            XCTAssertFalse(names(in: dir).contains { $0.contains("corrupt") }, "round \(round): nothing was ever corrupt")
        }
        XCTAssertGreaterThan(sawFile, 40, "the writer saved before most kills")
        // A temporary file a killed writer left is removed by the next writer.
        _ = try FavouritesStore(directory: dir).write(applying: [])
        XCTAssertEqual(names(in: dir), ["favorites.json", "favorites.json.lock"])
    }

    func testTwoProcessesToggling100TimesEachEndWithExactlyTheUnionOfTheirChanges() async throws {
        // C20: two instances, one file, changes interleaved, quitting in either order.
        for round in 0..<3 {
            let dir = try folder("two\(round)")
            let seed = (0..<20).map { Favourite(key: FavouriteKey(kind: .show, provider: "test", id: "seed-\($0)"), name: "Seed", subtitle: "", addedAt: 1) }
            _ = try FavouritesStore(directory: dir).write(applying: seed.map { .add($0) })
            // A removes seed-0…9, B removes seed-5…14 (both remove 5…9).
            let a = try spawnStress(["toggle", dir, "A", "100", "5"] + (0..<10).map { "seed-\($0)" }, log: root + "/a.log")
            let b = try spawnStress(["toggle", dir, "B", "100", "5"] + (5..<15).map { "seed-\($0)" }, log: root + "/b.log")
            let (first, second) = round % 2 == 0 ? (a, b) : (b, a)
            XCTAssertEqual(waitStatus(first), 0, (try? String(contentsOfFile: root + "/a.log", encoding: .utf8)) ?? "")
            XCTAssertEqual(waitStatus(second), 0, (try? String(contentsOfFile: root + "/b.log", encoding: .utf8)) ?? "")

            var expected = Set((15..<20).map { "seed-\($0)" })
            for name in ["A", "B"] {
                // Toggle i adds NAME-i, except every fifth, which toggles NAME-(i-1) off again.
                for i in 0..<100 where i % 5 != 4 && i % 5 != 3 { expected.insert("\(name)-\(i)") }
            }
            for k in 0..<5 { expected.insert("shared-\(k)") }
            let final = try FavouritesFile.decode(try XCTUnwrap(contents(dir + "/favorites.json")))
            XCTAssertEqual(final.count, expected.count, "round \(round): no repeats")
            XCTAssertEqual(Set(final.map(\.key.id)), expected, "round \(round)")
            XCTAssertEqual(names(in: dir), ["favorites.json", "favorites.json.lock"])
        }
    }
}
