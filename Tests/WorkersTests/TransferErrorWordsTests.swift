@testable import Workers
import XCTest

/// `CurlHTTPClient.describe(code:)` and `headerFields(_:)`: every failure in words, never a
/// bare code; header lines read as the server sent them.
final class TransferErrorWordsTests: XCTestCase {
    func testFailuresAreSaidInWords() {
        // Codes from https://curl.se/libcurl/c/libcurl-errors.html
        XCTAssertEqual(CurlHTTPClient.describe(code: 7), "connection refused")
        XCTAssertEqual(CurlHTTPClient.describe(code: 6), "host not found")
        XCTAssertEqual(CurlHTTPClient.describe(code: 47), "too many redirects")
        XCTAssertEqual(CurlHTTPClient.describe(code: 52), "an empty answer")
        XCTAssertEqual(CurlHTTPClient.describe(code: 61), "an answer that could not be decoded")
        XCTAssertEqual(CurlHTTPClient.describe(code: 18), "the answer broke off")
        XCTAssertEqual(CurlHTTPClient.describe(code: 60), "TLS failed")
        XCTAssertEqual(CurlHTTPClient.describe(code: 56), "connection lost")
    }

    func testACodeWithoutItsOwnWordsStillStartsWithWords() {
        let said = CurlHTTPClient.describe(code: 43)
        XCTAssertTrue(said.hasPrefix("the connection failed"), said)
    }

    func testHeaderLinesAfterTheStatusLineBecomeFieldsAndRepeatedOnesAreJoined() {
        let block = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nRetry-After:  3 \r\nVary: a\r\nvary: b\r\nbroken line\r\n\r\n"
        let fields = CurlHTTPClient.headerFields(block)
        XCTAssertEqual(fields["Content-Type"], "application/json")
        XCTAssertEqual(fields["Retry-After"], "3")
        XCTAssertEqual(fields["Vary"], "a, b")
        XCTAssertEqual(fields.count, 3)
    }
}
