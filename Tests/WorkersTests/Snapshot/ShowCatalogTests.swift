import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

final class ShowCatalogTests: XCTestCase {
    func testTheEmbeddedSnapshotHoldsEveryRecordedShowInPopularityOrder() throws {
        let sut = try ShowCatalog.embedded()
        XCTAssertEqual(sut.shows.count, 1404)
        XCTAssertEqual(sut.source, .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(year: 2026, month: 7, day: 13)))
        for (a, b) in zip(sut.shows, sut.shows.dropFirst()) {
            XCTAssertFalse(TVShow.ranksAbove(b, a), "\(b.name) should not rank above \(a.name)")
        }
        XCTAssertEqual(Set(sut.shows.map(\.id)).count, 1404)
    }

    func testACatalogueIsInTheOrderRanksAboveGivesWhateverTheNames() {
        let names = [
            "", "b", "B", "a", "Alpha Centauri One", "alpha centauri two", "ALPHA CENTAURI", "Ødegaard", "Zoë", "zoe",
            "Alpha", "alpha", "Élan", "a\u{0}b", "The Wire", "the wire", "Theodore", "123", "~tilde"
        ]
        var shows: [TVShow] = []
        for (i, name) in names.enumerated() {
            shows.append(TVShow(id: 100 + i, name: name, rating: i % 3 == 0 ? nil : 7.5, weight: i % 2 == 0 ? 50 : nil))
            shows.append(TVShow(id: 200 + i, name: name, rating: 7.5, weight: 50))
        }
        shows.append(TVShow(id: 1, name: "ranked", popularityRank: 2))
        shows.append(TVShow(id: 2, name: "ranked first", popularityRank: 1))
        shows.append(TVShow(id: 3, name: "Too big", runtimeMinutes: Int.max, weight: 50))
        let sut = ShowCatalog(shows: shows.reversed(), source: .snapshotFile(path: "/x"))
        XCTAssertEqual(sut.shows.map(\.id), shows.sorted(by: TVShow.ranksAbove).map(\.id))
        XCTAssertEqual(sut.shows.prefix(2).map(\.id), [2, 1], "the provider's own rank first")
    }

    /// A large catalogue is sorted in two halves at once and merged: the same order, ties kept
    /// in the rows' order as the stable sort keeps them, wherever the halves split.
    func testTwoHalvesSortedAtOnceAndMergedGiveTheOrderOfOneSort() {
        let names = ["", "b", "B", "a", "Alpha", "alpha", "Ødegaard", "Zoë", "zoe", "The Wire", "the wire"]
        var shows: [TVShow] = []
        for i in 0..<600 {
            shows.append(
                TVShow(
                    id: 1_000 + (i * 7919) % 600, name: names[i % names.count], rating: i % 5 == 0 ? nil : Double(i % 4) * 2.5,
                    weight: i % 3 == 0 ? nil : i % 6, popularityRank: i % 50 == 0 ? i / 50 : nil))
        }
        let table = ShowTable(shows)
        let rows = Array(0..<table.count)
        let one = ShowRankOrder.rankOrder(of: table, keeping: rows, halvingFrom: Int.max)
        XCTAssertEqual(one.map { table.id($0) }, shows.sorted(by: TVShow.ranksAbove).map(\.id))
        for cut in [rows.count, rows.count - 1, 2, 1] {
            let kept = Array(rows.prefix(cut))
            XCTAssertEqual(
                ShowRankOrder.rankOrder(of: table, keeping: kept, halvingFrom: 0), ShowRankOrder.rankOrder(of: table, keeping: kept, halvingFrom: Int.max),
                "\(cut) rows")
        }
    }

    /// Rank, weight, rating and an empty name compared as one number (`PackedRank`) give the
    /// order of comparing them one by one, at the edges of what fits too; a table with one
    /// value that does not fit is compared one by one, in the same order `ranksAbove` gives.
    func testRanksPackedInOneNumberOrderAsTheValuesComparedOneByOne() {
        let names = ["", "b", "B", "a", "Alpha", "alpha", "Ødegaard", "Zoë", "zoe", "The Wire", "the wire", "東京"]
        // (No rating or weight of -1: `ranksAbove` holds a missing one equal to it, without
        // comparing the names, so that no one order is the sort's.)
        let ratings: [Double?] = [nil, 0, 0.1, 2.5, 6.5, 8.7, 10, Double(PackedRank.largestTenths) / 10]
        let weights: [Int?] = [nil, 0, 1, 50, 100, PackedRank.largestWeight]
        let ranks: [Int?] = [nil, nil, nil, 0, 7, PackedRank.largestRank]
        var shows: [TVShow] = []
        for i in 0..<900 {
            shows.append(
                TVShow(
                    id: 5_000 + (i * 7919) % 900, name: names[i % names.count], rating: ratings[i % ratings.count],
                    weight: weights[(i / 3) % weights.count], popularityRank: i % 11 == 0 ? ranks[(i / 11) % ranks.count] : nil))
        }
        let table = ShowTable(shows)
        let rows = Array(0..<table.count)
        XCTAssertTrue(PackedRank.fits(table, rows))
        let expected = shows.sorted(by: TVShow.ranksAbove).map(\.id)
        for halvingFrom in [Int.max, 0] {
            let packed = ShowRankOrder.rankOrder(of: table, keeping: rows, halvingFrom: halvingFrom)
            XCTAssertTrue(packed == ShowRankOrder.rankOrder(of: table, keeping: rows, halvingFrom: halvingFrom, packing: false), "packed and not")
            XCTAssertTrue(packed.map { table.id($0) } == expected, "halving from \(halvingFrom): the order ranksAbove gives")
        }
        let misfits = [
            TVShow(id: 1, name: "a", rating: 8.75), TVShow(id: 2, name: "b", rating: 205), TVShow(id: 3, name: "c", weight: -2),
            TVShow(id: 4, name: "d", weight: PackedRank.largestWeight + 1), TVShow(id: 5, name: "e", popularityRank: PackedRank.largestRank + 1),
            TVShow(id: 6, name: "f", popularityRank: -1), TVShow(id: 7, name: "g", rating: -1.5)
        ]
        for misfit in misfits {
            let all = shows + [misfit]
            let table = ShowTable(all)
            XCTAssertFalse(PackedRank.fits(table, Array(0..<table.count)), misfit.name)
            let order = ShowRankOrder.rankOrder(of: table, keeping: Array(0..<table.count)).map { table.id($0) }
            XCTAssertTrue(order == all.sorted(by: TVShow.ranksAbove).map(\.id), "with \(misfit.name): the order ranksAbove gives")
        }
    }

    func testTheEmbeddedDetailsSayWhetherAnEpisodeListIsRecorded() throws {
        let sut = try ShowCatalog.embedded()
        let thrones = try XCTUnwrap(sut.shows.first { $0.id == 82 })
        XCTAssertEqual(try sut.loadDetails(for: thrones).episodesRecorded, true)
        let team = try XCTUnwrap(sut.shows.first { $0.name == "The A-Team" })
        XCTAssertEqual(try sut.loadDetails(for: team).episodesRecorded, false, "the snapshot records no episodes of The A-Team")
    }

    func testTheEmbeddedSnapshotHasCastAndSeasonsWhereTheyWereRecorded() throws {
        let sut = try ShowCatalog.embedded()
        let silicon = try XCTUnwrap(sut.shows.first { $0.id == 143 })
        let details = sut.details(for: silicon)
        XCTAssertEqual(details.cast?.count, 13)
        XCTAssertEqual(details.seasons?.count, 4)
        let thrones = try XCTUnwrap(sut.shows.first { $0.id == 82 })
        XCTAssertEqual(sut.details(for: thrones).seasons?.count, 8)
        let dome = try XCTUnwrap(sut.shows.first { $0.id == 1 })
        XCTAssertEqual(sut.details(for: dome).cast?.first?.personName, "Mike Vogel", "cast_1_under-the-dome.json")
        XCTAssertEqual(sut.details(for: dome).cast?.count, 15)
        XCTAssertEqual(sut.details(for: thrones).cast?.first?.personName, "Peter Dinklage", "TMDB's credits")
        XCTAssertEqual(sut.details(for: thrones).castSource, .embeddedSnapshot(provider: .tmdb, capturedOn: CalendarDate(year: 2024, month: 3, day: 14)))
        XCTAssertNil(sut.details(for: dome).castSource, "TVmaze's cast is the page's own")
        let dragon = try XCTUnwrap(sut.shows.first { $0.id == 44778 })
        XCTAssertNil(sut.details(for: dragon).cast, "no cast recorded")
        // The synopsis is turned from HTML into text when the details are asked for.
        XCTAssertEqual(dome.summary, [])
        XCTAssertTrue(sut.details(for: dome).show.summary.first?.hasPrefix("Under the Dome is the story of a small town") ?? false)
    }

    func testASnapshotFileLoadsFromARealFileAndBadFilesGiveClearErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("discover-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let good = dir.appendingPathComponent("hostile.json")
        try RepositoryFiles.data("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").write(to: good)
        let catalog = try ShowCatalog.load(path: good.path)
        XCTAssertEqual(catalog.shows.count, 12)
        XCTAssertEqual(catalog.source, .snapshotFile(path: good.path))
        XCTAssertEqual(catalog.shows.last?.name, "Null Everything", "nulls sort last")

        func error(_ contents: String?, name: String) -> SourceError? {
            let url = dir.appendingPathComponent(name)
            if let contents { try? Data(contents.utf8).write(to: url) }
            do {
                _ = try ShowCatalog.load(path: url.path)
                return nil
            } catch {
                return error as? SourceError
            }
        }
        XCTAssertEqual(error(nil, name: "missing.json"), .file(path: dir.appendingPathComponent("missing.json").path, reason: "no such file"))
        XCTAssertEqual(error("", name: "empty.json"), .file(path: dir.appendingPathComponent("empty.json").path, reason: "empty response"))
        XCTAssertEqual(error("{\"a\":1}", name: "object.json"), .file(path: dir.appendingPathComponent("object.json").path, reason: "not a JSON array of TVmaze shows"))
        XCTAssertEqual(error("[1, 2]", name: "numbers.json"), .file(path: dir.appendingPathComponent("numbers.json").path, reason: "no TVmaze show in the file"))
        XCTAssertEqual(error(nil, name: ""), .file(path: dir.appendingPathComponent("").path, reason: "is a folder, not a file"))
        XCTAssertEqual(try? ShowCatalog.load(path: "/dev/zero").shows.count, nil)
        do {
            _ = try ShowCatalog.load(path: "/dev/zero")
        } catch {
            XCTAssertEqual(error as? SourceError, .file(path: "/dev/zero", reason: "not a regular file"))
        }
    }

    func testTheSnapshotWorkerServesPagesUntilTheEnd() async throws {
        let shows = (1...5).map { TVShow(id: $0, name: "Show \($0)", weight: 100 - $0) }
        let sut = SnapshotShowsWorker(catalog: ShowCatalog(shows: shows, source: .snapshotFile(path: "x")), pageSize: 2)
        let first = try await sut.popularShows(page: 0)
        let last = try await sut.popularShows(page: 2)
        let beyond = try await sut.popularShows(page: 3)
        XCTAssertEqual(first.items.map(\.id), [1, 2])
        XCTAssertTrue(first.hasMore)
        XCTAssertEqual(last.items.map(\.id), [5])
        XCTAssertFalse(last.hasMore)
        XCTAssertEqual(beyond.items, [])
    }

    func testTheAutoSourceFallsBackToTheSnapshotWhenTheLiveSourceFailsOnTheFirstPage() async throws {
        struct Down: TVShowsWorking {
            func popularShows(page: Int) async throws -> PagedResult<TVShow> { throw SourceError.unreachable(provider: .tvmaze, reason: "host not found") }
            func showDetails(for show: TVShow) async throws -> TVShowDetails { throw SourceError.unreachable(provider: .tvmaze, reason: "host not found") }
        }
        let snapshot = SnapshotShowsWorker(catalog: ShowCatalog(shows: [TVShow(id: 7, name: "Seven")], source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil)))
        let sut = FallbackShowsWorker(primary: Down(), fallback: snapshot)
        let page = try await sut.popularShows(page: 0)
        XCTAssertEqual(page.items.map(\.id), [7])
        XCTAssertEqual(page.source, .embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        let reason = await sut.fallbackReason
        XCTAssertEqual(reason, .unreachable(provider: .tvmaze, reason: "host not found"))
        let details = try await sut.showDetails(for: TVShow(id: 7, name: "Seven"))
        XCTAssertEqual(details.show.name, "Seven")
    }
}
