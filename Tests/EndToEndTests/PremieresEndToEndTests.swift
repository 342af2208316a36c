import Foundation
import TestSupport
import XCTest

/// `discover-tui premieres` offline: the recorded days' premieres, each day's series premieres
/// first, each with its badge.
final class PremieresEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-premieres-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testOfflineListsTheRecordedWeeksPremieresWithSeriesPremieresFirstOfTheirDay() throws {
        let environment = ["HOME": root + "/home", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "LC_ALL": "C.UTF-8", "TZ": "UTC"]
        let run = try SeparateRun.run(["premieres", "--offline", "--days", "7"], environment: environment, in: root)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.err.contains("offline: the premieres of the recorded schedules, 2024-01-01 – 2024-01-07"), run.err)
        let lines = run.out.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(lines.count, 7, run.out)
        var days: [String: [String]] = [:]
        for line in lines {
            let parts = line.components(separatedBy: "  ")
            XCTAssertTrue(parts[0].hasPrefix("2024-01-0"), line)
            days[parts[0], default: []].append(line)
            let badge = parts[1].trimmingCharacters(in: .whitespaces)
            // NEW on S01E01, `Sn ▶` on SnnE01 of a later season.
            if badge == "NEW" { XCTAssertTrue(line.contains(" · S01E01 ‘"), line) } else {
                let season = try XCTUnwrap(Int(badge.dropFirst().prefix { $0.isNumber }), line)
                XCTAssertTrue(badge.hasSuffix(" ▶"), line)
                XCTAssertTrue(line.contains(String(format: " · S%02dE01 ‘", season)), line)
            }
        }
        XCTAssertEqual(days.keys.sorted(), Array(days.keys.sorted()).filter { $0 <= "2024-01-07" })
        for (day, rows) in days {
            let badges = rows.map { $0.components(separatedBy: "  ")[1].trimmingCharacters(in: .whitespaces) == "NEW" }
            XCTAssertEqual(badges, badges.sorted { $0 && !$1 }, "\(day): the series premieres first")
        }
        XCTAssertTrue(lines.contains { $0.contains("NEW") && $0.contains("Harlan Coben's Fool Me Once · S01E01") }, run.out)
    }
}
