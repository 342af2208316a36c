import Foundation
import TestSupport
import XCTest

/// Rules checked on the source text itself: no `try!`, no Foundation write that traps on a
/// failed write, and no `String(format:)` (the C library's `printf` takes its decimal point
/// from the locale).
final class SourceRulesTests: XCTestCase {
    /// Every Swift file under `Sources/`, with its path from the package root.
    private func swiftSources() throws -> [(path: String, text: String)] {
        let root = RepositoryFiles.url("Sources")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw XCTSkip("Sources/ cannot be listed")
        }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((url.path.replacingOccurrences(of: BuiltProducts.packageRoot.path + "/", with: ""), text))
        }
        XCTAssertGreaterThan(files.count, 50, "the sources were found")
        return files
    }

    /// The lines of the sources that contain `needle` outside a `//` comment.
    private func offendingLines(_ needle: String) throws -> [String] {
        try swiftSources().flatMap { file in
            file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
                return code.contains(needle) ? "\(file.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
            }
        }
    }

    func testNoSourceUsesTryBang() throws {
        XCTAssertEqual(try offendingLines("try!"), [])
    }

    func testNoSourceWritesWithFoundationsTrappingWrite() throws {
        // FileHandle.write(_: Data) raises an Objective-C style exception (a crash) on EPIPE
        // or ENOSPC; output goes through StandardStreams.
        XCTAssertEqual(try offendingLines("FileHandle.standardOutput"), [])
        XCTAssertEqual(try offendingLines("FileHandle.standardError"), [])
        XCTAssertEqual(try offendingLines(".write(Data("), [])
        XCTAssertEqual(try offendingLines("print("), [])
    }

    func testNoSourceFormatsNumbersWithTheCLocale() throws {
        XCTAssertEqual(try offendingLines("String(format:"), [])
    }
}
