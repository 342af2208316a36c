import Foundation
import TestSupport
import XCTest

/// The program carries FoundationEssentials only: the full Foundation, with its ICU data, would
/// make the static binary three times larger and start slower (DECISIONS.md).
final class FoundationEssentialsOnlyTests: XCTestCase {
    private let forbidden = ["Foundation", "FoundationInternationalization", "FoundationNetworking", "_FoundationICU"]

    func testNoSourceFileOfTheProgramImportsTheFullFoundation() throws {
        let sources = BuiltProducts.packageRoot.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 50, "the sources were found")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                // `import X`, `@preconcurrency import X`, `@_exported import X`, `import struct X.Y`…
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.first == "import", let module = words.last?.split(separator: ".").first else { continue }
                XCTAssertFalse(forbidden.contains(String(module)), "\(file.lastPathComponent): \(line)")
            }
        }
    }

    func testTheBuiltProgramLinksNeitherFoundationNorICU() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.discover))
        // A dynamic build names the libraries it needs; a static one would carry ICU's data,
        // whose table of contents names its files `icudt<version>l/…`.
        for needle in [
            "libFoundation.so", "libFoundationInternationalization.so", "libFoundationNetworking.so",
            "lib_FoundationICU.so", "icudt"
        ] {
            XCTAssertNil(bytes.range(of: Data(needle.utf8)), "\(BuiltProducts.discover) holds \(needle)")
        }
        XCTAssertNotNil(bytes.range(of: Data("discover-tui".utf8)), "the binary was read")
    }
}
