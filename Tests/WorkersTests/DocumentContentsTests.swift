import Foundation
import TestSupport
import XCTest

/// DECISIONS.md opens with a table of contents: it lists every section, in order, each with
/// the anchor GitHub's Markdown gives its heading.
final class DocumentContentsTests: XCTestCase {
    /// GitHub's anchor of a heading: lower-cased, punctuation dropped, spaces as hyphens.
    private func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " || $0 == "_" }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    func testTheDecisionsContentsListEverySectionInOrderWithItsAnchor() throws {
        let text = try XCTUnwrap(String(data: RepositoryFiles.data("DECISIONS.md"), encoding: .utf8))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }.filter { $0 != "Contents" }
        let entries = lines.filter { $0.hasPrefix("- [") && $0.contains("](#") }
        XCTAssertGreaterThan(headings.count, 20, "the sections were read")
        XCTAssertEqual(entries, headings.map { "- [\($0)](#\(anchor($0)))" })
    }
}
