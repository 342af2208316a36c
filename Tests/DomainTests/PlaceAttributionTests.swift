import Domain
import XCTest

final class PlaceAttributionTests: XCTestCase {
    func testEachSourceCarriesItsLicencesCredit() {
        XCTAssertEqual(PlaceAttribution.line(for: .live(provider: "Geoapify")), "Powered by Geoapify · © OpenStreetMap contributors")
        XCTAssertEqual(PlaceAttribution.line(for: .embeddedSnapshot(provider: "Geoapify", capturedOn: nil)), "Powered by Geoapify · © OpenStreetMap contributors")
        XCTAssertEqual(PlaceAttribution.line(for: .live(provider: "Overpass")), "© OpenStreetMap contributors")
        XCTAssertEqual(PlaceAttribution.line(for: .live(provider: "Nominatim")), "© OpenStreetMap contributors")
        XCTAssertEqual(PlaceAttribution.line(for: .embeddedSnapshot(provider: "GeoNames", capturedOn: nil)), "GeoNames (geonames.org), CC BY 4.0")
        XCTAssertEqual(PlaceAttribution.line(for: .snapshotFile(path: "/tmp/places.json")), "© OpenStreetMap contributors")
    }
}
