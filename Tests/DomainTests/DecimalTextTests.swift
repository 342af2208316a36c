import Domain
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class DecimalTextTests: XCTestCase {
    func testFixedPOIsRoundHalfAwayFromZeroWithoutNegativeZero() {
        XCTAssertEqual(DecimalText.fixed(41.01724, decimals: 4), "41.0172")
        XCTAssertEqual(DecimalText.fixed(28.96995, decimals: 4), "28.9700")
        XCTAssertEqual(DecimalText.fixed(-0.1278, decimals: 5), "-0.12780")
        XCTAssertEqual(DecimalText.fixed(-0.00001, decimals: 4), "0.0000")
        XCTAssertEqual(DecimalText.fixed(9.25, decimals: 1), "9.3")
        XCTAssertEqual(DecimalText.fixed(2.5, decimals: 0), "3")
        XCTAssertEqual(DecimalText.fixed(0.05, decimals: 1), "0.1")
    }

    func testNumbersTooLargeToScaleAndNonFiniteOnesAreWrittenAsSwiftPrintsThem() {
        XCTAssertEqual(DecimalText.fixed(1e300, decimals: 4), "1e+300")
        XCTAssertEqual(DecimalText.fixed(.infinity, decimals: 1), "inf")
        XCTAssertEqual(DecimalText.fixed(.nan, decimals: 1), "nan")
        XCTAssertEqual(DecimalText.trimmed(.nan, maximumDecimals: 7), "nan")
    }

    func testTrimmedDropsTrailingZerosAndThePoint() {
        XCTAssertEqual(DecimalText.trimmed(2.35220000, maximumDecimals: 7), "2.3522")
        XCTAssertEqual(DecimalText.trimmed(3, maximumDecimals: 7), "3")
        XCTAssertEqual(DecimalText.trimmed(0.00001, maximumDecimals: 7), "0.00001")
        XCTAssertEqual(DecimalText.trimmed(-12.5, maximumDecimals: 7), "-12.5")
    }

    func testPaddedKeepsTheSignBeforeTheZeros() {
        XCTAssertEqual(DecimalText.padded(7, width: 2), "07")
        XCTAssertEqual(DecimalText.padded(2026, width: 4), "2026")
        XCTAssertEqual(DecimalText.padded(-5, width: 3), "-005")
    }

    func testTheDecimalCommaOfAGermanLocaleDoesNotReachTheText() throws {
        // Given the C library's numbers in German, as `LC_ALL=de_DE.UTF-8` makes them
        let saved = String(cString: setlocale(LC_NUMERIC, nil))
        defer { setlocale(LC_NUMERIC, saved) }
        guard setlocale(LC_NUMERIC, "de_DE.UTF-8") != nil else {
            return XCTFail("de_DE.UTF-8 is not generated: run scripts/install-deps.sh (make deps)")
        }
        // Then printf writes a comma (the fault this guards against) and DecimalText does not
        XCTAssertEqual(String(format: "%.4f", 41.0172), "41,0172", "printf follows LC_NUMERIC")
        XCTAssertEqual(DecimalText.fixed(41.0172, decimals: 4), "41.0172")
        XCTAssertEqual(DecimalText.trimmed(28.9699, maximumDecimals: 7), "28.9699")
    }
}
