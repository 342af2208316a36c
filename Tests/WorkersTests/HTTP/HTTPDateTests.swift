import Foundation
import XCTest

@testable import Workers

final class HTTPDateTests: XCTestCase {
    /// 1994-11-06T08:49:37Z, the example of RFC 9110 §5.6.7.
    private let example = Date(timeIntervalSince1970: 784_111_777)

    func testTheThreeFormsOfRFC9110AllNameTheSameInstant() {
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), example)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), example)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), example)
    }

    func testIMFFixdatesMatchFoundationsFormatterOverManyDays() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        // Every 7 919 817 s (about 92 days, a prime) from 1970 to 2100: all months, leap days near.
        for step in 0..<520 {
            let date = Date(timeIntervalSince1970: TimeInterval(step * 7_919_817))
            let text = formatter.string(from: date)
            XCTAssertEqual(HTTPDate.parse(text), date, text)
        }
        XCTAssertEqual(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT"), formatter.date(from: "Thu, 29 Feb 2024 23:59:59 GMT"))
    }

    func testDatesThatAreNotRealOrNotInAnyFormAreRefused() {
        for text in [
            "", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 2023 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 1994 +8:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT"
        ] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
    }

    func testRetryAfterReadsSecondsOrADateAgainstNow() {
        XCTAssertEqual(ProviderResponse.retryAfter(" 120 ", now: example), 120)
        XCTAssertEqual(ProviderResponse.retryAfter("Sun, 06 Nov 1994 08:50:07 GMT", now: example), 30)
        XCTAssertEqual(ProviderResponse.retryAfter("Sun, 06 Nov 1994 08:00:00 GMT", now: example), 0, "a date already past waits 0 s")
        XCTAssertNil(ProviderResponse.retryAfter("tomorrow", now: example))
        XCTAssertNil(ProviderResponse.retryAfter(nil, now: example))
    }
}
