import Foundation
import Workers
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The configuration file's format and reading it from a real temporary folder.
final class ConfigFileTests: XCTestCase {
    private var folder = ""
    /// The program's keys (its settings table, in the Scenes layer, is checked against this
    /// list in `SettingsTableTests`).
    private let schema = ConfigFile.Schema(
        keys: [
            "tv-source", "places-source", "near", "city", "units", "color", "tmdb-api-key", "tmdb-read-access-token",
            "geoapify-api-key", "tvmaze-url", "tmdb-url", "geoapify-url", "overpass-url", "nominatim-url"
        ],
        secretKeys: ["tmdb-api-key", "tmdb-read-access-token", "geoapify-api-key"])

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "discover-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func write(_ text: String, mode: mode_t = 0o600) throws -> String {
        let path = folder + "/config"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, mode), 0)
        return path
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        do {
            _ = try ConfigFile.parse(text, path: "/cfg", schema: schema)
            XCTFail("accepted: \(text)", file: file, line: line)
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    func testKeyValueLinesCommentsBlanksQuotesAndCRLFAreRead() throws {
        let sut = try ConfigFile.parse(
            """
            # Discover settings\r
            \u{20}\u{20}
            tv-source = tmdb\r
            Units=imperial
              city =  "Saint-Étienne"  
            tmdb-api-key = 'abc#123'
            near =
            """, path: "/cfg", schema: schema)
        XCTAssertEqual(sut["tv-source"], ConfigFile.Entry(value: "tmdb", line: 3))
        XCTAssertEqual(sut["units"]?.value, "imperial")
        XCTAssertEqual(sut["city"], ConfigFile.Entry(value: "Saint-Étienne", line: 5))
        XCTAssertEqual(sut["tmdb-api-key"]?.value, "abc#123", "a # after the start of a line is part of the value")
        XCTAssertNil(sut["near"], "an empty value leaves the setting unset")
        XCTAssertEqual(sut.entries.count, 4)
    }

    func testBadLinesNameTheFileAndTheLine() {
        XCTAssertEqual(error("units = metric\njust words")?.description, "/cfg line 2: expected 'key = value'")
        XCTAssertEqual(error("= metric")?.description, "/cfg line 1: a value without a key")
        XCTAssertEqual(
            error("\n\ncolour = no")?.description,
            "/cfg line 3: unknown key 'colour'; known keys: tv-source, places-source, near, city, units, color, tmdb-api-key, tmdb-read-access-token, geoapify-api-key, tvmaze-url, tmdb-url, geoapify-url, overpass-url, nominatim-url"
        )
        XCTAssertEqual(error("units = metric\nunits = imperial")?.description, "/cfg line 2: units is already set on line 1")
        XCTAssertEqual(error("city = a\u{1B}[2Jb")?.description, "/cfg line 1: city holds a control character")
        XCTAssertEqual(error("\u{1B}]0;x = 1")?.description.hasPrefix("/cfg line 1: unknown key '?]0;x'"), true, "an escape in a key is not echoed")
    }

    func testAMissingFileIsNoneAndAFileIsReadWithItsMode() throws {
        XCTAssertNil(try ConfigFile.load(path: folder + "/config", schema: schema))
        XCTAssertNil(try ConfigFile.load(path: folder + "/no/such/config", schema: schema))
        let path = try write("tmdb-read-access-token = secret-token\n", mode: 0o644)
        let sut = try XCTUnwrap(ConfigFile.load(path: path, schema: schema))
        XCTAssertEqual(sut.mode, 0o644)
        XCTAssertTrue(sut.exposesSecret)
        XCTAssertEqual(chmod(path, 0o600), 0)
        XCTAssertFalse(try XCTUnwrap(ConfigFile.load(path: path, schema: schema)).exposesSecret)
        let noKey = try write("units = imperial\n", mode: 0o644)
        XCTAssertFalse(try XCTUnwrap(ConfigFile.load(path: noKey, schema: schema)).exposesSecret, "a file without a key may be readable")
    }

    func testAFolderATooLargeFileAndNonUTF8AreRefusedWithTheReason() throws {
        let path = folder + "/config"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertThrowsError(try ConfigFile.load(path: path, schema: schema)) { XCTAssertEqual(($0 as? ConfigError)?.description, "\(path): not a regular file") }
        try FileManager.default.removeItem(atPath: path)
        _ = try write(String(repeating: "# padding\n", count: 7000))
        XCTAssertThrowsError(try ConfigFile.load(path: path, schema: schema)) { XCTAssertEqual(($0 as? ConfigError)?.message, "larger than 64 KiB; a settings file is a few lines") }
        try Data([0x75, 0x6E, 0x69, 0x74, 0x73, 0x3D, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ConfigFile.load(path: path, schema: schema)) { XCTAssertEqual(($0 as? ConfigError)?.message, "not UTF-8 text") }
    }

    func testThePathFollowsXDGConfigHomeAndIgnoresARelativeOne() {
        XCTAssertEqual(ConfigFile.path(in: XDGDirectories(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/ana"])), "/x/conf/discover-tui/config")
        XCTAssertEqual(ConfigFile.path(in: XDGDirectories(environment: ["XDG_CONFIG_HOME": "rel/conf", "HOME": "/home/ana"])), "/home/ana/.config/discover-tui/config")
    }

    func testASecretsTextFormsNeverShowIt() {
        let sut = ConfiguredSecret(value: "sk-live-123456", origin: .configFile(path: "/cfg", line: 4))
        var dumped = ""
        dump(sut, to: &dumped)
        for text in [String(describing: sut), String(reflecting: sut), "\(sut)", dumped] {
            XCTAssertFalse(text.contains("sk-live-123456"), text)
        }
        XCTAssertEqual(sut.description, "key set (/cfg line 4)")
        XCTAssertEqual(ConfiguredSecret(value: "k", origin: .environment("TMDB_API_KEY")).description, "key set (env TMDB_API_KEY)")
    }
}
