import Domain
import Foundation
import XCTest

final class SearchFoldingTests: XCTestCase {
    func testNamesPeopleTypeWithoutTheirAccentsAndCapitals() {
        XCTAssertEqual(SearchFolding.fold("Pokémon"), "pokemon")
        XCTAssertEqual(SearchFolding.fold("Poke\u{301}mon"), "pokemon", "decomposed input folds the same")
        XCTAssertEqual(SearchFolding.fold("La Casa de Papel: Berlín"), "la casa de papel: berlin")
        XCTAssertEqual(SearchFolding.fold("İstanbul"), "istanbul", "Turkish dotted capital I")
        XCTAssertEqual(SearchFolding.fold("Kız Kulesi"), "kiz kulesi", "Turkish dotless i")
        XCTAssertEqual(SearchFolding.fold("Straße"), "strasse")
        XCTAssertEqual(SearchFolding.fold("STRAẞE"), "strasse", "capital sharp s")
        XCTAssertEqual(SearchFolding.fold("Ødegaard Æsir Œuvre"), "odegaard aesir oeuvre")
        XCTAssertEqual(SearchFolding.fold("Skam Åsgårdstrand"), "skam asgardstrand")
        XCTAssertEqual(SearchFolding.fold("Łódź"), "lodz")
        XCTAssertEqual(SearchFolding.fold("ＳＨＯＧＵＮ"), "shogun", "fullwidth letters")
        XCTAssertEqual(SearchFolding.fold("Ἀθῆναι"), "αθηναι", "Greek breathings and accents")
        XCTAssertEqual(SearchFolding.fold("Ёлки"), "елки")
        XCTAssertEqual(SearchFolding.fold("東京"), "東京")
        XCTAssertEqual(SearchFolding.fold("Game of Thrones"), "game of thrones")
    }

    /// Latin, Greek and Cyrillic letters (and fullwidth ones) with every accent Unicode composes them with: the
    /// standard library's tables give what Foundation's folding gives.
    func testFoldingMatchesFoundationOnLatinGreekAndCyrillic() {
        let ranges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1FFF, 0xFF01...0xFF5E]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
                let text = "a" + String(scalar) + "b"
                let foundation = SearchFolding.foldLetters(
                    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
                XCTAssertEqual(SearchFolding.fold(text), foundation, "U+\(String(value, radix: 16, uppercase: true))")
            }
        }
    }
}
