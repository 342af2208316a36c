import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Workers
import XCTest

/// `URLSessionHTTPClient.describe`: every failure in words, never a bare code.
final class URLErrorWordsTests: XCTestCase {
    func testFailuresAreSaidInWords() {
        XCTAssertEqual(URLSessionHTTPClient.describe(URLError(.cannotConnectToHost)), "connection refused")
        XCTAssertEqual(URLSessionHTTPClient.describe(URLError(.httpTooManyRedirects)), "too many redirects")
        XCTAssertEqual(URLSessionHTTPClient.describe(URLError(.zeroByteResource)), "an empty answer")
        XCTAssertEqual(URLSessionHTTPClient.describe(URLError(.cannotDecodeContentData)), "an answer that could not be decoded")
        let cut = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "transfer closed with 90 bytes remaining to read"])
        XCTAssertEqual(URLSessionHTTPClient.describe(cut), "the answer broke off")
        XCTAssertEqual(URLSessionHTTPClient.describe(URLError(.unknown)), "the connection failed")
    }

    func testACodeWithoutItsOwnWordsStillStartsWithWords() {
        let said = URLSessionHTTPClient.describe(URLError(.backgroundSessionWasDisconnected))
        XCTAssertTrue(said.hasPrefix("the connection failed"), said)
    }
}
