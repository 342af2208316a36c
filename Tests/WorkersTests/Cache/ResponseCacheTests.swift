import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// The response cache on a real temporary folder: round trips, ages, the size cap, broken
/// entries of every kind, credentials kept off the disk, and folders that cannot be used.
final class ResponseCacheTests: XCTestCase {
    private var root = ""
    private let mounts = TmpfsMounts()
    private let clock = TestClock()

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        mounts.unmountAll()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func makeCache(capacity: Int = ResponseCache.defaultCapacityBytes) throws -> ResponseCache {
        try ResponseCache(directory: root + "/discover-tui/responses", capacityBytes: capacity, now: { [clock] in clock.now })
    }

    private func files(_ cache: ResponseCache) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache.directory)) ?? []).sorted()
    }

    private func url(_ text: String) throws -> URL {
        try XCTUnwrap(URL(string: text))
    }

    func testABodyComesBackWithTheTimeItWasStored() throws {
        let sut = try makeCache()
        let page = try url("https://api.tvmaze.com/shows?page=0")
        XCTAssertNil(sut.entry(for: page), "empty cache")
        let body = try Fixtures.snapshotData("shows_page_0.json")
        XCTAssertTrue(sut.store(body, for: page))
        clock.advance(by: 3 * 3_600)
        let entry = try XCTUnwrap(sut.entry(for: page))
        XCTAssertEqual(entry.body, body)
        XCTAssertEqual(entry.savedAt, 1_764_400_000)
        XCTAssertNil(sut.entry(for: try url("https://api.tvmaze.com/shows?page=1")), "another URL is a miss")
        // A second cache over the same folder (the next launch) reads it too.
        XCTAssertEqual(try makeCache().entry(for: page)?.body, body)
        // Storing again replaces the body and the time.
        XCTAssertTrue(sut.store(Data("[]".utf8), for: page))
        XCTAssertEqual(sut.entry(for: page), ResponseCache.Entry(body: Data("[]".utf8), savedAt: 1_764_410_800))
        XCTAssertEqual(files(sut).count, 1, "one file per URL, no temporary file left: \(files(sut))")
        var info = stat()
        XCTAssertEqual(stat(sut.directory, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
    }

    func testCredentialsNeverReachTheDiskAndDoNotSplitEntries() throws {
        let sut = try makeCache()
        let first = try url("https://user:hunter2@api.example.org/3/tv/popular?page=2&api_key=SECRETKEY1&apiKey=SECRETKEY2&access_token=SECRETKEY3#frag")
        XCTAssertEqual(ResponseCache.canonicalKey(for: first), "https://api.example.org/3/tv/popular?page=2")
        XCTAssertTrue(sut.store(Data("{\"page\":2}".utf8), for: first))
        for name in files(sut) {
            XCTAssertFalse(name.contains("SECRET"), name)
            let contents = try XCTUnwrap(FileManager.default.contents(atPath: sut.directory + "/" + name))
            let text = String(decoding: contents, as: UTF8.self)
            XCTAssertFalse(text.contains("SECRET"), text)
            XCTAssertFalse(text.contains("hunter2"), text)
            XCTAssertTrue(text.contains("url: https://api.example.org/3/tv/popular?page=2\n"), text)
        }
        // The same request with another key finds the same entry.
        let rotated = try url("https://api.example.org/3/tv/popular?page=2&api_key=OTHER")
        XCTAssertEqual(sut.entry(for: rotated)?.body, Data("{\"page\":2}".utf8))
        XCTAssertEqual(ResponseCache.fileName(for: first), ResponseCache.fileName(for: rotated))
        XCTAssertTrue(ResponseCache.fileName(for: first).range(of: "^[0-9a-f]{16}\\.entry$", options: .regularExpression) != nil)
    }

    func testBeyondTheCapTheLeastRecentlyUsedEntriesGo() throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 1_000)
        let sut = try makeCache(capacity: 3_500)
        let urls = try (1...4).map { try url("https://api.tvmaze.com/shows/\($0)") }
        for u in urls.prefix(3) {
            XCTAssertTrue(sut.store(body, for: u))
            usleep(20_000)
        }
        XCTAssertNotNil(sut.entry(for: urls[0]), "reading show 1 makes it the most recently used")
        usleep(20_000)
        XCTAssertTrue(sut.store(body, for: urls[3]))
        XCTAssertNil(sut.entry(for: urls[1]), "show 2 was the least recently used")
        XCTAssertNotNil(sut.entry(for: urls[0]))
        XCTAssertNotNil(sut.entry(for: urls[2]))
        XCTAssertNotNil(sut.entry(for: urls[3]))
        let total = files(sut).compactMap { try? FileManager.default.attributesOfItem(atPath: sut.directory + "/" + $0)[.size] as? Int }.reduce(0, +)
        XCTAssertLessThanOrEqual(total, 3_500)
        // A body larger than the whole cap is not kept, and evicts nothing.
        XCTAssertFalse(sut.store(Data(count: 4_000), for: try url("https://api.tvmaze.com/shows/99")))
        XCTAssertEqual(files(sut).count, 3)
    }

    func testBrokenEntriesAreDiscardedAndRebuilt() throws {
        let sut = try makeCache()
        let page = try url("https://api.tvmaze.com/shows?page=0")
        let path = sut.directory + "/" + ResponseCache.fileName(for: page)
        let good = Data("discover-cache 1\nsaved-at: 5\nurl: https://api.tvmaze.com/shows?page=0\nlength: 2\n\n[]".utf8)
        let broken: [(String, () throws -> Void)] = [
            ("empty file", { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data())) }),
            ("garbage", { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x0A, 0x0A]))) }),
            ("cut short", { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: good.dropLast())) }),
            ("too long", { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: good + Data("x".utf8))) }),
            (
                "unknown version",
                { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "cache 1", with: "cache 9").utf8))) }
            ),
            ("larger than the cap", { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: good + Data(count: 60 * 1024 * 1024))) }),
            ("a folder in its place", { try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true) })
        ]
        for (kind, make) in broken {
            try make()
            XCTAssertNil(sut.entry(for: page), kind)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(kind) is removed")
            try make()
            XCTAssertTrue(sut.store(Data("[1]".utf8), for: page), "\(kind): rebuilt")
            XCTAssertEqual(sut.entry(for: page)?.body, Data("[1]".utf8), kind)
            try FileManager.default.removeItem(atPath: path)
        }
        // The well-formed file itself reads.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: good))
        XCTAssertEqual(sut.entry(for: page), ResponseCache.Entry(body: Data("[]".utf8), savedAt: 5))
    }

    func testAFileInPOIOfTheFoldersMeansAReplacedFolderOrNoCache() throws {
        // Our own `responses` folder taken by a file: replaced.
        try FileManager.default.createDirectory(atPath: root + "/a/discover-tui", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/a/discover-tui/responses", contents: Data("junk".utf8)))
        guard case .success(let cache) = ResponseCache.open(environment: ["XDG_CACHE_HOME": root + "/a"]) else {
            return XCTFail("a file in place of the responses folder is replaced")
        }
        XCTAssertTrue(cache.store(Data("[]".utf8), for: try url("https://api.tvmaze.com/shows?page=0")))
        // A link to a folder elsewhere is followed and left in place.
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/b/discover-tui", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/b/discover-tui/responses", withDestinationPath: root + "/elsewhere")
        guard case .success(let linked) = ResponseCache.open(environment: ["XDG_CACHE_HOME": root + "/b"]) else {
            return XCTFail("a link to a folder is usable")
        }
        XCTAssertTrue(linked.store(Data("[]".utf8), for: try url("https://api.tvmaze.com/shows?page=0")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/elsewhere").count, 1)
        // The app's cache folder is a file: no cache, and a notice naming it.
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/discover-tui", contents: Data("mine".utf8)))
        guard case .failure(let unavailable) = ResponseCache.open(environment: ["XDG_CACHE_HOME": root]) else {
            return XCTFail("no cache when the app's cache folder is a file")
        }
        XCTAssertEqual(unavailable.notice, "no response cache (\(root)/discover-tui: not a folder)")
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/discover-tui"), Data("mine".utf8), "the file is left alone")
    }

    func testAReadOnlyFolderMeansNoCacheAndNoCrash() throws {
        let base = root + "/ro"
        try mounts.mount(at: base, options: "size=64k")
        try FileManager.default.createDirectory(atPath: base + "/discover-tui/responses", withIntermediateDirectories: true)
        try mounts.remountReadOnly(base)
        guard case .failure(let unavailable) = ResponseCache.open(environment: ["XDG_CACHE_HOME": base]) else {
            return XCTFail("a read-only cache folder gives no cache")
        }
        XCTAssertTrue(unavailable.notice.contains("Read-only file system"), unavailable.notice)
        // A fresh folder under a read-only base cannot even be made.
        try mounts.mount(at: root + "/ro2", options: "size=64k")
        try mounts.remountReadOnly(root + "/ro2")
        guard case .failure(let second) = ResponseCache.open(environment: ["XDG_CACHE_HOME": root + "/ro2"]) else {
            return XCTFail("no cache")
        }
        XCTAssertTrue(second.notice.hasPrefix("no response cache (\(root)/ro2/discover-tui"), second.notice)
    }

    func testAFullDiskDropsTheWriteAndLeavesNoTemporaryFile() throws {
        let base = root + "/full"
        try mounts.mount(at: base, options: "size=64k")
        let sut = try ResponseCache(directory: base + "/responses")
        let page = try url("https://api.tvmaze.com/shows?page=0")
        XCTAssertTrue(sut.store(Data("[]".utf8), for: page))
        XCTAssertFalse(sut.store(Data(count: 200_000), for: page), "no room")
        XCTAssertEqual(sut.entry(for: page)?.body, Data("[]".utf8), "the earlier entry survives a failed write")
        XCTAssertEqual(files(sut).filter { $0.hasPrefix(".tmp") }, [])
    }
}

/// A clock in Unix seconds that tests move by hand.
final class TestClock: Sendable {
    private let seconds = Mutex<Int64>(1_764_400_000)
    /// The current time.
    var now: Int64 { seconds.withLock { $0 } }
    /// Moves the clock on.
    func advance(by delta: Int64) { seconds.withLock { $0 += delta } }
}
