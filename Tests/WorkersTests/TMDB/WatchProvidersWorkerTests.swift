import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// TMDB's watch providers over a loopback server replaying Breaking Bad's recorded answer
/// (126 regions): one country's offers, grouped and in JustWatch's display order.
final class WatchProvidersWorkerTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    func testEveryRecordedCountryGivesItsOffersGroupedInOrder() async throws {
        let data = try Fixtures.data("people/tv_1396_breaking-bad_watch_providers.json")
        server.route("/3/tv/1396/watch/providers", .json(data))
        let worker = TMDBWatchProvidersWorker(credential: .apiKey("tmdb-TEST-KEY-33"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let countries = try XCTUnwrap(object["results"] as? [String: Any]).keys.sorted()
        XCTAssertEqual(countries.count, 126)
        for country in ["GB", "US", "DE", countries[0], countries[countries.count - 1]] {
            let watch = try await unwrapAsync(try await worker.watchProviders(showID: 1396, countryCode: country.lowercased()))
            XCTAssertEqual(watch.countryCode, country)
            var expected: [(WatchProviders.Offer, [String])] = []
            for (offer, key) in [(WatchProviders.Offer.stream, "flatrate"), (.free, "free"), (.ads, "ads"), (.rent, "rent"), (.buy, "buy")] {
                let names = try WatchProviderFixture.recorded(data, country: country, offer: key)
                if !names.isEmpty { expected.append((offer, names)) }
            }
            XCTAssertEqual(watch.groups.map(\.offer), expected.map(\.0), country)
            XCTAssertEqual(watch.groups.map(\.services), expected.map(\.1), country)
            XCTAssertEqual(watch.link, "https://www.themoviedb.org/tv/1396-breaking-bad/watch?locale=\(country)")
        }
        let gb = try await unwrapAsync(try await worker.watchProviders(showID: 1396, countryCode: "GB"))
        XCTAssertEqual(gb.groups.map(\.offer), [.stream, .buy])
        XCTAssertEqual(gb.groups.first?.services, ["Netflix", "Netflix Standard with Ads"])
        let none = try await worker.watchProviders(showID: 1396, countryCode: "ZZ")
        XCTAssertNil(none)
    }
}
