import Domain
import Foundation
import XCTest

@testable import Workers

final class ProviderResponseDecodingTests: XCTestCase {
    private func reason(for body: String) -> String? {
        do {
            _ = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: Data(body.utf8), provider: .tvmaze)
            return nil
        } catch SourceError.badData(let provider, let reason) {
            XCTAssertEqual(provider, .tvmaze)
            return reason
        } catch {
            return "unexpected \(error)"
        }
    }

    func testEmptyTruncatedHTMLAndWrongShapeBodiesGiveDistinctReasons() {
        XCTAssertEqual(reason(for: ""), "empty response")
        XCTAssertEqual(reason(for: "  \n"), "empty response")
        XCTAssertEqual(reason(for: "[{\"id\":1,\"name\":\"Under the Do"), "truncated or malformed JSON")
        XCTAssertEqual(reason(for: "<!DOCTYPE html><html><body>502 Bad Gateway</body></html>"), "an HTML page instead of JSON")
        XCTAssertEqual(reason(for: "{\"status\": 404}"), "unexpected JSON shape")
    }

    func testRetryAfterReadsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(ProviderResponse.retryAfter("10", now: now), 10)
        XCTAssertEqual(ProviderResponse.retryAfter(" 0 ", now: now), 0)
        XCTAssertEqual(ProviderResponse.retryAfter("Tue, 14 Nov 2023 22:13:40 GMT", now: now), 20)
        XCTAssertNil(ProviderResponse.retryAfter("soon", now: now))
        XCTAssertNil(ProviderResponse.retryAfter(nil, now: now))
        XCTAssertEqual(ProviderResponse.retryAfter("-5", now: now), 0)
    }
}
