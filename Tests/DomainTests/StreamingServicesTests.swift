import Domain
import XCTest

/// The `services` setting's reading and its matching of a show's network or web channel and
/// of TMDB's watch providers.
final class StreamingServicesTests: XCTestCase {
    private func show(_ id: Int, _ network: String?) -> TVShow {
        TVShow(id: id, name: "Show \(id)", broadcaster: network.map { Broadcaster(name: $0, kind: .webChannel) })
    }

    func testKeysAreReadInAnyCaseWithSpacesTrimmedEachOnce() throws {
        let services = try StreamingServices(parsing: " Netflix ,MAX, prime,netflix")
        XCTAssertEqual(services.services.map(\.key), ["netflix", "max", "prime"])
        XCTAssertEqual(services.text, "netflix,max,prime")
        XCTAssertEqual(try StreamingServices(parsing: "hbo max, Disney+").text, "max,disney", "a service's own name is read as its key")
    }

    func testAliasesMatchTheNetworkOrWebChannelWithoutCase() throws {
        let services = try StreamingServices(parsing: "max,prime,apple,paramount,disney")
        XCTAssertEqual(services.service(named: "HBO Max"), "Max")
        XCTAssertEqual(services.service(named: "HBO"), "Max")
        XCTAssertEqual(services.service(named: "max"), "Max")
        XCTAssertEqual(services.service(named: "Amazon Prime Video"), "Prime Video")
        XCTAssertEqual(services.service(named: "Apple TV"), "Apple TV+")
        XCTAssertEqual(services.service(named: "CBS All Access"), "Paramount+")
        XCTAssertEqual(services.service(named: " disney+ "), "Disney+")
        XCTAssertNil(services.service(named: "Netflix"), "a service not chosen does not match")
        XCTAssertNil(services.service(named: "HBO Maxi"))
        XCTAssertTrue(services.carries(show(1, "HBO")))
        XCTAssertFalse(services.carries(show(2, "Netflix")))
        XCTAssertFalse(services.carries(show(3, nil)), "a show without a network is on no service")
    }

    func testUnknownOrEmptyServicesAreRefusedNamingTheKnownOnes() {
        for bad in ["", " , ", "netflix,,max", "netflix,foo", "hbomax"] {
            XCTAssertThrowsError(try StreamingServices(parsing: bad), bad) { error in
                let message = (error as? StreamingServices.ParseError)?.message ?? ""
                XCTAssertFalse(message.isEmpty, bad)
                if bad.contains("foo") || bad == "hbomax" {
                    XCTAssertTrue(message.contains("unknown service"), message)
                    XCTAssertTrue(message.contains("netflix, max, prime"), message)
                }
            }
        }
    }

    func testStreamingNamesTheServicesOfStreamFreeAndAdsOffersOnly() throws {
        let services = try StreamingServices(parsing: "netflix,max,prime")
        let watch = WatchProviders(
            countryCode: "US", groups: [(.stream, ["HBO Max", "Hulu"]), (.ads, ["Netflix"]), (.buy, ["Amazon Video"])],
            link: nil, source: .live(provider: .tmdb))
        XCTAssertEqual(services.streaming(watch), ["Netflix", "Max"], "the setting's order; buying is not on a service")
        let rentOnly = WatchProviders(countryCode: "US", groups: [(.rent, ["Netflix"])], link: nil, source: .live(provider: .tmdb))
        XCTAssertEqual(services.streaming(rentOnly), [])
    }
}
