import Domain
import XCTest

@testable import Scenes

/// `NameFilter.search` (byte masks, one pass per name, counting sort) against a plain
/// reference written from the ranking's definition, over generated names holding letters,
/// digits, punctuation and non-ASCII text, so that bytes sharing a mask bit are exercised too.
final class ShowFilterReferenceTests: XCTestCase {
    /// Words whose folded bytes cover letters, digits, punctuation and several scripts.
    private static let words = [
        "the", "and", "an", "andrea", "sg-1", "stargate", "friends", "l.a.", "law", "order:", "svu",
        "amélie", "kız", "ødegaard", "straße", "東京", "ラブ", "москва", "ελλάδα", "3rd", "rock", "o'brien",
        "(2005)", "a", "n", "aa", "nana", "banana", "x-files", "+", "wide", "ｗｉｄｅ", "🙂", "i"
    ]

    /// Names made from 1–4 words joined by a space or a punctuation byte (a fixed LCG, so a
    /// failure reproduces).
    private static func names(_ count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let joins = [" ", " ", " ", "-", ": ", "", "/"]
        return (0..<count).map { _ in
            (0...next(4)).map { _ in words[next(words.count)] }.joined(separator: joins[next(joins.count)])
        }
    }

    /// The rank key of a folded name by the definitions alone: 0 exact, 1 whole word (from a
    /// word's start to a word's end), 2 word prefix (from a word's start, the first word's
    /// included), 3 inside a word, 4 + penalty for a subsequence (2 per skipped byte in the
    /// shortest, leftmost window, + 1 when the window does not start a word); nil for no match.
    private static func referenceKey(_ name: [UInt8], _ query: [UInt8]) -> Int? {
        func isWord(_ b: UInt8) -> Bool { b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) }
        if name == query { return 0 }
        let occurrences = name.indices.filter { name[$0...].starts(with: query) }
        func startsWord(_ at: Int) -> Bool { at == 0 || !isWord(name[at - 1]) }
        func endsWord(_ at: Int) -> Bool { at + query.count == name.count || !isWord(name[at + query.count]) }
        if occurrences.contains(where: { startsWord($0) && endsWord($0) }) { return 1 }
        if occurrences.contains(where: startsWord) { return 2 }
        if !occurrences.isEmpty { return 3 }
        var best: Range<Int>?
        for start in name.indices where name[start] == query[0] {
            var j = 0, i = start
            while i < name.count && j < query.count {
                if name[i] == query[j] { j += 1 }
                i += 1
            }
            guard j == query.count else { continue }
            if best == nil || i - start < best?.count ?? 0 { best = start..<i }
        }
        guard let window = best else { return nil }
        let atWord = window.lowerBound == 0 || !isWord(name[window.lowerBound - 1])
        return 4 + min((window.count - query.count) * 2 + (atWord ? 0 : 1), NameFilter.largestPenalty)
    }

    /// The matches in list order and the ranking (a stable sort on the key) by the reference.
    private static func reference(_ names: [[UInt8]], _ query: [UInt8], among: [Int]) -> (matches: [Int], ranked: [Int]) {
        let keyed = among.compactMap { i in referenceKey(names[i], query).map { (i, $0) } }
        let ranked = keyed.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
        return (keyed.map(\.0), ranked)
    }

    /// Fails with the first place two position lists differ (not the lists themselves, which
    /// run to thousands).
    private func assertSame(_ got: [Int], _ expected: [Int], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        guard got != expected else { return }
        let at = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, expected.count)
        XCTFail(
            "\(label): \(got.count) positions against \(expected.count); first difference at \(at): "
                + "\(got.dropFirst(at).prefix(5)) against \(expected.dropFirst(at).prefix(5))", file: file, line: line)
    }

    private static let queries = [
        "a", "n", "e", "z", "1", "-", ":", "'", "é", "ı", "東", "ラ", "🙂", "an", "and", "sg1", "sg-1",
        "nana", "fr", "od", "aa", "a-", "ls", "lw", "3r", "kiz", "strasse", "wide", "ｗ", "(2", "rde"
    ]

    func testEveryQueryFindsAndRanksWhatTheReferenceDoes() {
        let names = Self.names(4_000)
        let folded = names.map(NameFilter.fold)
        let sut = NameFilter(names: names)
        for text in Self.queries {
            let query = NameFilter.fold(text)
            let expected = Self.reference(folded, query, among: Array(names.indices))
            let got = sut.search(query)
            XCTAssertFalse(expected.matches.isEmpty, "the generated names hold \(text)")
            assertSame(got.matches, expected.matches, "matches of \(text)")
            assertSame(got.ranked, expected.ranked, "ranking of \(text)")
            assertSame(sut.ranked(query, sut.matches(query)), expected.ranked, "ranked(matches) of \(text)")
        }
    }

    /// The names of many shows are folded in two halves at once and joined: every query finds
    /// and ranks what the reference does over all of them, across the join.
    func testNamesFoldedInTwoHalvesFindAndRankWhatTheReferenceDoes() {
        let names = Self.names(ShowNameFolding.halvedNames + 1)
        let folded = names.map(NameFilter.fold)
        let shows = names.enumerated().map { TVShow(id: $0.offset, name: $0.element) }
        let table = ShowTable(shows)
        // Shows held on their own, and the same shows as rows of a table (an ASCII name is then
        // folded from the table's bytes).
        for sut in [NameFilter(namesOf: shows), NameFilter(namesOf: table.shows)] {
            XCTAssertEqual(sut.count, names.count)
            for text in Self.queries {
                let query = NameFilter.fold(text)
                let expected = Self.reference(folded, query, among: Array(names.indices))
                let got = sut.search(query)
                assertSame(got.matches, expected.matches, "matches of \(text)")
                assertSame(got.ranked, expected.ranked, "ranking of \(text)")
            }
        }
    }

    /// Shows in an order other than their table's rows (a list in popularity order), most of
    /// its rows or all, some rows left out (an older copy of an id): their names are folded by
    /// the table's rows and taken in the shows' order, into the very columns that folding each
    /// name in turn gives (whose matches and ranks the tests above hold to the reference).
    func testNamesTakenFromTheTablesRowsInTheShowsOrderAreTheNamesFoldedOneByOne() {
        for count in [ShowNameFolding.byRowsNames, ShowNameFolding.halvedNames + 3] {
            let names = Self.names(count)
            let table = ShowTable(names.enumerated().map { TVShow(id: $0.offset, name: $0.element) })
            var state: UInt64 = 0x2545_F491_4F6C_DD1D
            var rows = Array(0..<count)
            for i in rows.indices.reversed() {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                rows.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
            }
            // All rows shuffled, then three fifths of them (still at least half).
            for kept in [rows, Array(rows.prefix(count * 3 / 5))] {
                let shows = kept.map { TVShow(row: $0, of: table) }
                let sut = NameFilter(namesOf: shows)
                let expected = NameFilter(names: kept.map { names[$0] })
                XCTAssertEqual(sut.bytes, expected.bytes, "\(count) rows, \(kept.count) kept: the folded names")
                XCTAssertEqual(sut.starts, expected.starts, "\(count) rows, \(kept.count) kept: where they start")
                XCTAssertEqual(sut.held, expected.held, "\(count) rows, \(kept.count) kept: the bytes' masks")
                XCTAssertEqual(sut.wordStarts, expected.wordStarts, "\(count) rows, \(kept.count) kept: the word starts' masks")
            }
        }
    }

    /// Taking names from parts: each position is found in the part that holds it, across the
    /// parts' joins, whatever the order asked.
    func testNamesTakenFromPartsAreFoundInThePartThatHoldsThem() {
        let parts = [NameFilter(names: ["Alpha", "Beta"]), NameFilter(names: ["Gamma"]), NameFilter(names: ["Straße", "", "Delta"])]
        let sut = ShowNameFolding.take([5, 2, 0, 4, 3, 1, 2], from: parts)
        let expected = NameFilter(names: ["Delta", "Gamma", "Alpha", "", "Straße", "Beta", "Gamma"])
        XCTAssertEqual(sut.bytes, expected.bytes)
        XCTAssertEqual(sut.starts, expected.starts)
        XCTAssertEqual(sut.held, expected.held)
        XCTAssertEqual(sut.wordStarts, expected.wordStarts)
        XCTAssertEqual(ShowNameFolding.take([], from: parts).count, 0)
    }

    func testNarrowingAmongTheMatchesOfAShorterQueryAgreesWithTheReference() {
        let names = Self.names(4_000)
        let folded = names.map(NameFilter.fold)
        let sut = NameFilter(names: names)
        for (short, long) in [("a", "an"), ("an", "and"), ("s", "sg1"), ("s", "sg-1"), ("e", "é"), ("n", "nana"), ("東", "東京")] {
            let first = sut.matches(NameFilter.fold(short))
            let query = NameFilter.fold(long)
            let got = sut.search(query, among: first)
            assertSame(got.matches, Self.reference(folded, query, among: first).matches, "\(short) then \(long)")
            assertSame(got.matches, sut.matches(query), "\(short) then \(long): as a whole scan")
            assertSame(got.ranked, Self.reference(folded, query, among: first).ranked, "\(short) then \(long)")
        }
    }

    func testTheOrderGivenKeepsTiesAndMayDropMatches() {
        let sut = NameFilter(names: ["Alpha", "Beta", "Gamma", "Alpaca", "Panda"])
        let query = NameFilter.fold("a")
        // Reversed and without position 1: ties (substring Beta/Gamma/Panda) keep that order.
        let result = sut.search(query) { Array($0.reversed().filter { $0 != 1 }) }
        XCTAssertEqual(result.matches, [0, 1, 2, 3, 4])
        XCTAssertEqual(result.ranked, [3, 0, 4, 2])
    }

    func testABytesMaskBitSharedByOtherBytesNeverFindsThem() {
        // "-" (0x2D) shares its mask bit with 0x81, the second byte of the Cyrillic с (D1 81).
        let sut = NameFilter(names: ["Москва", "X-Men", "Мост-2", "Mad Men"])
        XCTAssertEqual(sut.search(NameFilter.fold("-")).matches, [1, 2])
        XCTAssertEqual(ByteMask.bit(0x2D), ByteMask.bit(0x81))
        XCTAssertFalse(ByteMask.isExact(0x2D))
    }
}
