import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary run with its output to a pipe, its home and XDG folders in a fresh temporary
/// folder, and a loopback TVmaze: a wrong base URL, what is written to disk (case C22), the help
/// text and over-long arguments.
final class CommandLineEndToEndTests: XCTestCase {
    private var root = ""
    private var servers: [LoopbackHTTPServer] = []

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        for server in servers { server.stop() }
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// The XDG base folders, which do not exist before the run.
    private var bases: [String: String] {
        ["XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "XDG_STATE_HOME": root + "/state"]
    }

    /// A loopback TVmaze serving the recorded first page under `/shows`.
    private func tvmaze(_ routes: (LoopbackHTTPServer) throws -> Void = { _ in }) throws -> URL {
        let server = LoopbackHTTPServer()
        try routes(server)
        servers.append(server)
        return try server.start()
    }

    /// Runs the binary with only HOME, the XDG folders, a locale and the given variables, from
    /// `root` as the working folder, standard output to `root/out` and standard error to
    /// `root/err`.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        var env = ["HOME": root + "/home", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        env.merge(bases) { _, new in new }
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let quoted = ([BuiltProducts.discover] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "cd '\(root)' && exec /usr/bin/env -i \(assignments.map { "'\($0)'" }.joined(separator: " ")) \(quoted.joined(separator: " ")) >out 2>err"
        let result = try Subprocess.run("/bin/sh", ["-c", script])
        let out = (try? String(contentsOfFile: root + "/out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: root + "/out")
        try? FileManager.default.removeItem(atPath: root + "/err")
        return (result.status, out, err)
    }

    // MARK: A wrong TVmaze base URL

    func testAWrongTVmazeBaseURLFallsBackToTheSnapshotAndSaysWhyOnStandardError() throws {
        // Given a server where nothing is found under the base URL
        let base = try tvmaze().appendingPathComponent("wrong")

        // When
        let auto = try run([], environment: ["DISCOVER_TVMAZE_URL": base.absoluteString])

        // Then the snapshot is listed, and standard error says why
        XCTAssertEqual(auto.status, 0, auto.err)
        XCTAssertTrue(auto.out.hasPrefix("# 420 popular shows, offline snapshot"), String(auto.out.prefix(200)))
        XCTAssertTrue(auto.err.hasPrefix("discover-tui: TVmaze answered HTTP 404: not found (check the base URL); listing the offline snapshot"), auto.err)
        XCTAssertEqual(auto.err.filter { $0 == "\n" }.count, 1, auto.err)
    }

    func testAWrongTVmazeBaseURLWithTVmazeAloneIsAnErrorNotAnEmptyList() throws {
        let base = try tvmaze().appendingPathComponent("wrong")

        let only = try run(["--source", "tvmaze"], environment: ["DISCOVER_TVMAZE_URL": base.absoluteString])

        XCTAssertEqual(only.status, 1, only.out)
        XCTAssertEqual(only.out, "")
        XCTAssertEqual(only.err, "discover-tui: TVmaze answered HTTP 404: not found (check the base URL)\n")
    }

    // MARK: Nothing written outside Discover's folders (C22)

    /// Every path under `root`, relative to it, with its permission bits.
    private func tree() throws -> [String: Int] {
        var found: [String: Int] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        while let path = enumerator.nextObject() as? String {
            var info = stat()
            XCTAssertEqual(lstat(root + "/" + path, &info), 0, path)
            found[path] = Int(info.st_mode & 0o777)
        }
        return found
    }

    func testALiveLoadWritesOnlyUnderDiscoversOwnFoldersWithMode700() throws {
        // Given a live TVmaze
        let base = try tvmaze { server in
            server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
            server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
            server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        }
        let before = Set(try tree().keys)

        for arguments in [["--source", "tvmaze"], ["--source", "tvmaze", "--no-cache"], ["--check"]] {
            // When
            // (`--check` also asks Overpass and Nominatim: the loopback server answers 404.)
            let result = try run(
                arguments,
                environment: [
                    "DISCOVER_TVMAZE_URL": base.absoluteString,
                    "DISCOVER_OVERPASS_URL": base.absoluteString, "DISCOVER_NOMINATIM_URL": base.absoluteString
                ])
            XCTAssertTrue(result.out.contains("TVmaze"), "\(arguments): \(result.out) \(result.err)")

            // Then nothing but the XDG bases themselves and Discover's folders in them was made
            let made = try tree().filter { !before.contains($0.key) }
            let outside = made.keys.filter { path in
                !bases.values.contains { root + "/" + path == $0 } && !bases.values.contains { (root + "/" + path).hasPrefix($0 + "/discover-tui") }
            }
            XCTAssertEqual(outside.sorted(), [], "\(arguments) wrote outside Discover's folders")
            for (path, mode) in made where path.hasSuffix("/discover-tui") {
                XCTAssertEqual(mode, 0o700, "\(arguments): \(path) has mode \(String(mode, radix: 8))")
            }
        }
        // The cached run did keep its answer in Discover's own cache folder.
        XCTAssertTrue(try tree().keys.contains { $0.hasPrefix("cache/discover-tui/responses/") })
    }
}
