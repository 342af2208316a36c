import Domain
import Foundation
import XCTest

@testable import Workers

/// Decoding through libturbojpeg (a generated gradient, encoded with the same library), scaled
/// while decoding and area-averaged, against a reference downscale of the original pixels.
final class JPEGCodecTests: XCTestCase {
    /// The mean absolute difference per channel, 0–255, of two images of one size.
    private func meanError(_ a: RGBImage, _ b: RGBImage) -> Double {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        guard a.pixels.count == b.pixels.count, !a.pixels.isEmpty else { return .infinity }
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }

    /// A straightforward reference: each output pixel the plain mean of the source pixels
    /// whose centres fall in its area.
    private func referenceDownscale(_ image: RGBImage, width: Int, height: Int) -> RGBImage? {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var sums = [0, 0, 0]
                var count = 0
                for sy in 0..<image.height where (sy * 2 + 1) * height / (image.height * 2) == y {
                    for sx in 0..<image.width where (sx * 2 + 1) * width / (image.width * 2) == x {
                        for c in 0..<3 { sums[c] += Int(image.pixels[(sy * image.width + sx) * 3 + c]) }
                        count += 1
                    }
                }
                for c in 0..<3 { out[(y * width + x) * 3 + c] = UInt8(sums[c] / max(1, count)) }
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }

    func testAPosterSizedJPEGDecodesScaledAndMatchesAReferenceDownscale() throws {
        let original = RGBImage.gradient(width: 680, height: 1000)
        let jpeg = try JPEGCodec.encode(original, quality: 90)
        // Scaled while decoding: 1/8 of 680 × 1000 is the smallest scale that still covers 30 × 44.
        let decoded = try JPEGCodec.decode(jpeg, minWidth: 30, minHeight: 44)
        XCTAssertEqual(decoded.width, 85)
        XCTAssertEqual(decoded.height, 125)
        guard case .image(let poster) = ImageWorker.decode(jpeg, fittingWidth: 30, height: 44) else {
            return XCTFail("no picture")
        }
        XCTAssertEqual(poster.width, 30)
        XCTAssertEqual(poster.height, 44)
        let reference = try XCTUnwrap(referenceDownscale(original, width: 30, height: 44))
        let error = meanError(poster, reference)
        XCTAssertLessThanOrEqual(error, 6, "mean error per channel \(error)/255")
    }

    func testAreaAveragingMatchesTheReferenceOnExactDivisions() throws {
        let original = RGBImage.gradient(width: 120, height: 176)
        let reference = try XCTUnwrap(referenceDownscale(original, width: 30, height: 44))
        // 4 × 4 blocks exactly: the box filter is then the plain mean.
        XCTAssertLessThanOrEqual(meanError(original.areaAveraged(width: 30, height: 44), reference), 0.5)
        // A solid image stays solid at any size.
        let grey = try XCTUnwrap(RGBImage(width: 7, height: 5, pixels: [UInt8](repeating: 99, count: 105)))
        XCTAssertEqual(Set(grey.areaAveraged(width: 3, height: 2).pixels), [99])
    }

    func testFittingKeepsTheShape() {
        let poster = RGBImage.gradient(width: 680, height: 1000)
        XCTAssertTrue(poster.fitting(width: 30, height: 44) == (30, 44))
        XCTAssertTrue(poster.fitting(width: 30, height: 40) == (27, 40))
        XCTAssertTrue(RGBImage.gradient(width: 1000, height: 500).fitting(width: 30, height: 44) == (30, 15))
    }

    func testATruncatedBodyGivesNoPictureAndASentence() throws {
        let jpeg = try JPEGCodec.encode(RGBImage.gradient(width: 200, height: 300))
        let cut = jpeg.prefix(jpeg.count / 2)
        guard case .failed(let sentence) = ImageWorker.decode(Data(cut), fittingWidth: 30, height: 44) else {
            return XCTFail("a cut JPEG decoded")
        }
        XCTAssertTrue(sentence.hasPrefix("the picture could not be read"), sentence)
    }

    func testANonImageBodyGivesNoPictureAndASentence() {
        for body in [Data("<html>Not found</html>".utf8), Data(), Data([0xFF, 0xD8, 0xFF])] {
            guard case .failed(let sentence) = ImageWorker.decode(body, fittingWidth: 30, height: 44) else {
                return XCTFail("\(body.count) bytes decoded")
            }
            XCTAssertFalse(sentence.isEmpty)
            XCTAssertFalse(sentence.contains("notDecodable"), sentence)
        }
    }
}
