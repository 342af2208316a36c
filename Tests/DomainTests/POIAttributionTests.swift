import Domain
import XCTest

final class POIAttributionTests: XCTestCase {
    func testEachSourceCarriesItsLicencesCredit() {
        XCTAssertEqual(POIAttribution.line(for: .live(provider: .geoapify)), "Powered by Geoapify · © OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .embeddedSnapshot(provider: .geoapify, capturedOn: nil)), "Powered by Geoapify · © OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .live(provider: .overpass)), "© OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .live(provider: .nominatim)), "© OpenStreetMap contributors")
        XCTAssertEqual(POIAttribution.line(for: .embeddedSnapshot(provider: .geoNames, capturedOn: nil)), "GeoNames (geonames.org), CC BY 4.0")
        XCTAssertEqual(POIAttribution.line(for: .snapshotFile(path: "/tmp/places.json")), "© OpenStreetMap contributors")
    }
}
