import Foundation
import XCTest

@testable import Workers

/// TVmaze's `airstamp` instants: RFC 3339 date-times with an offset, checked against
/// Foundation's own ISO 8601 reader.
final class AirstampTests: XCTestCase {
    private func foundation(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    func testOffsetsAndZulu() throws {
        for text in [
            "2011-06-13T01:00:00+00:00", "2020-12-01T09:00:00Z", "2019-05-20T01:00:00-04:00", "2023-10-01T20:00:00+05:30",
            "1969-12-31T23:59:59Z", "2000-02-29T12:00:00+14:00", "2024-12-31T23:59:59-12:00"
        ] {
            XCTAssertEqual(Airstamp.date(from: text), foundation(text), text)
            XCTAssertNotNil(Airstamp.date(from: text), text)
        }
        XCTAssertEqual(Airstamp.date(from: "2020-12-01T09:00:00.500Z"), foundation("2020-12-01T09:00:00Z"), "fractions dropped")
        XCTAssertEqual(Airstamp.date(from: "2020-12-01T09:00:00+0530"), foundation("2020-12-01T09:00:00+05:30"))
        XCTAssertEqual(Airstamp.date(from: "2011-06-13T01:00:00+00:00")?.timeIntervalSince1970, 1_307_926_800)
    }

    func testAnythingElseIsNil() {
        for text in [
            "", "2011-06-13", "2011-06-13T01:00:00", "2011-13-13T01:00:00Z", "2011-06-13T25:00:00Z", "2011-06-13T01:00:00+25:00",
            "2011-06-13T01:00:00Zjunk", "２０１１-06-13T01:00:00Z", "2011-06-13T01:00:00+00", "abcd-ef-ghTij:kl:mnZ"
        ] {
            XCTAssertNil(Airstamp.date(from: text), text)
        }
    }
}
