import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

final class SystemPOIClockTests: XCTestCase {
    /// Zones with daylight saving time on either hemisphere, a half-hour offset, a 30-minute
    /// daylight shift and a zone that changed its offset for good (Istanbul, 2016).
    private let zones = [
        "Europe/Paris", "America/New_York", "Europe/Istanbul", "Asia/Kolkata", "Australia/Lord_Howe",
        "America/Sao_Paulo", "Europe/London", "UTC"
    ]

    func testWallTimesMatchFoundationsTimeZoneFrom1990To2037() throws {
        let sut = SystemPOIClock(environment: [:])
        let reference = FoundationPOIClock(viewer: "UTC")
        for zone in zones {
            // Every 1 000 003 s (about 11.6 days) from 1990 to 2037, at every time of day.
            var instant = 631_152_000
            while instant < 2_145_916_800 {
                let date = Date(timeIntervalSince1970: TimeInterval(instant))
                let ours = try XCTUnwrap(sut.wallTime(at: date, inZone: zone), zone)
                let foundation = try XCTUnwrap(reference.wallTime(at: date, inZone: zone))
                XCTAssertEqual(ours.date, foundation.date, "\(zone) at \(instant)")
                XCTAssertEqual(ours.weekday, foundation.weekday, "\(zone) at \(instant)")
                XCTAssertEqual(ours.hour * 60 + ours.minute, foundation.hour * 60 + foundation.minute, "\(zone) at \(instant)")
                XCTAssertEqual(ours.utcOffsetSeconds, foundation.utcOffsetSeconds, "\(zone) at \(instant)")
                instant += 1_000_003
            }
        }
    }

    func testAbbreviationsAndTheSummerChangeInParis() throws {
        let sut = SystemPOIClock(environment: [:])
        // 2025-03-30 00:59:59 UTC is 01:59:59 CET; one second later it is 03:00 CEST.
        let before = try XCTUnwrap(sut.wallTime(at: Date(timeIntervalSince1970: 1_743_296_399), inZone: "Europe/Paris"))
        let after = try XCTUnwrap(sut.wallTime(at: Date(timeIntervalSince1970: 1_743_296_400), inZone: "Europe/Paris"))
        XCTAssertEqual([before.hour, before.minute], [1, 59])
        XCTAssertEqual(before.zoneAbbreviation, "CET")
        XCTAssertEqual([after.hour, after.minute], [3, 0])
        XCTAssertEqual(after.zoneAbbreviation, "CEST")
        XCTAssertEqual(after.weekday, 7, "a Sunday")
    }

    func testUnknownAndUnsafeNamesAreNotZones() throws {
        let sut = SystemPOIClock(environment: [:])
        let now = Date()
        for name in ["Mars/Olympus_Mons", "", "/etc/passwd", "../../etc/passwd", "Europe/../../etc/passwd", "Europe", "zone.tab"] {
            XCTAssertNil(sut.wallTime(at: now, inZone: name), name)
        }
    }

    func testTZDIRNamesAnotherDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Test"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Kolkata's file under another name: found only in that folder.
        let kolkata = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Kolkata"))
        try kolkata.write(to: folder.appendingPathComponent("Test/Zone"))
        try Data("not a TZif file".utf8).write(to: folder.appendingPathComponent("Test/Broken"))
        let sut = SystemPOIClock(environment: ["TZDIR": folder.path])
        let wall = try XCTUnwrap(sut.wallTime(at: Date(timeIntervalSince1970: 0), inZone: "Test/Zone"))
        XCTAssertEqual([wall.hour, wall.minute], [5, 30])
        XCTAssertEqual(wall.utcOffsetSeconds, 19_800)
        XCTAssertNil(sut.wallTime(at: Date(), inZone: "Test/Broken"))
        XCTAssertNil(sut.wallTime(at: Date(), inZone: "Europe/Paris"), "not in that folder")
    }

    func testTheViewersZoneComesFromTZ() throws {
        let saved = ProcessInfo.processInfo.environment["TZ"]
        defer { if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }; tzset() }
        setenv("TZ", "Asia/Kolkata", 1)
        let sut = SystemPOIClock(environment: [:])
        XCTAssertEqual(sut.viewerZoneName, "Asia/Kolkata")
        let wall = try XCTUnwrap(sut.viewerWallTime(at: Date(timeIntervalSince1970: 0)))
        XCTAssertEqual([wall.hour, wall.minute], [5, 30])
        setenv("TZ", ":Europe/Paris", 1)
        XCTAssertEqual(sut.viewerZoneName, "Europe/Paris")
    }
}
