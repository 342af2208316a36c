import Foundation
import TestSupport
import XCTest

/// `discover-tui --generate man|bash|zsh|fish`, the build step `make install` and `make deb` run:
/// the built binary writes each text, dated by `SOURCE_DATE_EPOCH`, without reading any setting.
final class GeneratedDocsEndToEndTests: XCTestCase {
    private let root = NSTemporaryDirectory() + "discover-generate-\(UUID().uuidString.prefix(8))"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// Runs the binary with only the given variables, standard output and error to files.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> SeparateRun.Result {
        let env = ["HOME": root + "/home", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(environment) { _, new in new }
        return try SeparateRun.run(arguments, environment: env, in: root)
    }

    func testTheBinaryWritesEachTextDatedBySourceDateEpochAndReadsNoSetting() throws {
        let man = try run(["--generate", "man"], environment: ["SOURCE_DATE_EPOCH": "1767312000", "DISCOVER_UNITS": "furlongs"])
        XCTAssertEqual(man.status, 0, man.err)
        XCTAssertTrue(man.out.contains(".TH DISCOVER-TUI 1 2026-01-02 "), String(man.out.prefix(300)))
        XCTAssertEqual(man.err, "", "a bad setting does not matter to --generate")
        let bash = try run(["--generate", "bash"])
        XCTAssertTrue(bash.out.hasSuffix("complete -F _discover_tui discover-tui\n"))
        XCTAssertTrue(try run(["--generate", "zsh"]).out.hasPrefix("#compdef discover-tui\n"))
        XCTAssertTrue(try run(["--generate", "fish"]).out.contains("complete -c discover-tui "))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/home/.config/discover-tui"), "no settings folder is made")
    }

    func testAnUnknownKindIsAUsageError() throws {
        for arguments in [["--generate"], ["--generate", "pdf"], ["--generate", "man", "bash"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.out, "")
            XCTAssertTrue(result.err.contains("--generate needs one of: man, bash, zsh, fish"), result.err)
        }
    }
}
