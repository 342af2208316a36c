import CJPEGCodec
import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// JPEG decoding and encoding through the system's libturbojpeg (Debian `libturbojpeg0`),
/// opened with dlopen on first use: no decoder of our own, and no link-time dependency.
public enum JPEGCodec {
    /// Why a body gave no picture.
    public enum Failure: Error, Sendable, Equatable {
        /// libturbojpeg is not installed.
        case libraryMissing
        /// The bytes are no JPEG, or one cut short; libturbojpeg's own words.
        case notDecodable(String)

        /// A sentence for the message log.
        public var sentence: String {
            switch self {
            case .libraryMissing: return "no pictures: libturbojpeg is not installed (Debian: apt install libturbojpeg0)"
            case .notDecodable(let words): return "the picture could not be read: \(words)"
            }
        }
    }

    /// Decodes a JPEG, scaled while decoding (1/8 to 1) to the smallest size that still covers
    /// `minWidth × minHeight` pixels.
    /// - Parameters:
    ///   - data: the JPEG's bytes.
    ///   - minWidth: pixels across wanted at least.
    ///   - minHeight: pixels down wanted at least.
    /// - Returns: the decoded image (its size a libjpeg-turbo scale of the JPEG's).
    /// - Throws: `Failure`.
    public static func decode(_ data: Data, minWidth: Int = 1, minHeight: Int = 1) throws(Failure) -> RGBImage {
        guard !data.isEmpty else { throw .notDecodable("the body is empty") }
        var out: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            discover_jpeg_decode(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(clamping: minWidth), Int32(clamping: minHeight), &out, &width,
                &height, &message, message.count)
        }
        defer { free(out) }
        switch status {
        case 0: break
        case 1: throw .libraryMissing
        default:
            let words = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .notDecodable(words.isEmpty ? "out of memory" : words)
        }
        guard let out, width > 0, height > 0 else { throw .notDecodable("no pixels") }
        let bytes = [UInt8](UnsafeBufferPointer(start: out, count: Int(width) * Int(height) * 3))
        guard let image = RGBImage(width: Int(width), height: Int(height), pixels: bytes) else { throw .notDecodable("no pixels") }
        return image
    }

    /// Encodes an image as a JPEG (4:2:0) — the tests' and the benchmark's pictures.
    /// - Parameters:
    ///   - image: the pixels.
    ///   - quality: 1–100.
    /// - Returns: the JPEG's bytes.
    /// - Throws: `Failure.libraryMissing`, or `.notDecodable` when libturbojpeg fails.
    public static func encode(_ image: RGBImage, quality: Int = 90) throws(Failure) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            discover_jpeg_encode(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(max(1, min(100, quality))), &out, &length)
        }
        defer { free(out) }
        if status == 1 { throw .libraryMissing }
        guard status == 0, let out else { throw .notDecodable("libturbojpeg could not encode") }
        return Data(UnsafeBufferPointer(start: out, count: length))
    }
}
