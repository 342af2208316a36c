import Domain
import XCTest

final class POIAttributionTests: XCTestCase {
    func testEachSourceCarriesItsLicencesCredit() {
        XCTAssertEqual(POIAttribution.line(for: .live(provider: "Geoapify")), "Powered by Geoapify · © OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .embeddedSnapshot(provider: "Geoapify", capturedOn: nil)), "Powered by Geoapify · © OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .live(provider: "Overpass")), "© OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .live(provider: "Nominatim")), "© OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .embeddedSnapshot(provider: "GeoNames", capturedOn: nil)), "GeoNames (geonames.org), CC BY 4.0")
        XCTAssertEqual(POIAttribution.line(for: .snapshotFile(path: "/tmp/places.json")), "© OpenStreetMap contributors")
    }
}
