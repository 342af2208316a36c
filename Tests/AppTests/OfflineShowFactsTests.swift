import Domain
import Foundation
import TestSupport
import Workers
import XCTest

@testable import App

/// What the year's figures know of a show without the network (`StatsComposition.facts`): the
/// snapshot's record, recorded cast and outline for its shows; the response cache's kept
/// details and episode list for the others, read through TVmaze's own Workers over a client
/// that sends nothing; nothing with `--no-cache`; and no cache folder made to find out.
final class OfflineShowFactsTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-facts-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var environment: [String: String] { ["HOME": root, "XDG_CACHE_HOME": root + "/cache"] }
    private let unknown = WatchedShowID(provider: "TVmaze", id: 900_001)

    private func facts(_ arguments: [String] = ["--offline"]) throws -> OfflineShowFacts {
        StatsComposition.facts(options: try AppOptions.parse(arguments, environment: [:]), environment: environment, catalog: { try ShowCatalog.embedded() })
    }

    /// Keeps TVmaze's answers for show 900001 as the live Workers would have: its details (The
    /// A-Team's recorded body) and its episode list (Game of Thrones' recorded body).
    private func keepAnswers() throws {
        let cache = try ResponseCache(directory: root + "/cache/discover-tui/responses")
        let details = try XCTUnwrap(
            URL(string: "https://api.tvmaze.com/shows/900001?embed%5B%5D=cast&embed%5B%5D=seasons&embed%5B%5D=nextepisode&embed%5B%5D=previousepisode"))
        let episodes = try XCTUnwrap(URL(string: "https://api.tvmaze.com/shows/900001/episodes?specials=1"))
        XCTAssertTrue(cache.store(try Data(contentsOf: Fixtures.url("tvmaze/shows_1058_embed_cast.json")), for: details))
        XCTAssertTrue(cache.store(try Data(contentsOf: Fixtures.url("tvmaze/episodes_82_game-of-thrones_2022-08.json")), for: episodes))
    }

    func testASnapshotShowHasItsRecordItsRecordedCastAndItsOutlineWithRuntimes() async throws {
        let known = try await facts().facts(of: WatchedShowID(provider: "TVmaze", id: 82), ratings: false)
        XCTAssertEqual(known.show?.name, "Game of Thrones")
        XCTAssertEqual(known.show?.broadcaster?.name, "HBO")
        XCTAssertEqual(known.cast.first?.personName, "Peter Dinklage")
        let episodes = try XCTUnwrap(known.episodes)
        XCTAssertEqual(episodes.regularEpisodes.count, 73)
        XCTAssertTrue(episodes.regularEpisodes.allSatisfy { $0.runtimeMinutes != nil && $0.rating == nil }, "an outline, with runtimes")
        let rated = try await facts().facts(of: WatchedShowID(provider: "TVmaze", id: 82), ratings: true)
        XCTAssertNotNil(rated.episodes?.regularEpisodes.first?.rating, "the whole list when ratings are wanted")
    }

    func testAShowOutsideTheSnapshotIsKnownFromTheKeptAnswersAlone() async throws {
        try keepAnswers()
        let kept = try await facts().facts(of: unknown, ratings: false)
        XCTAssertEqual(kept.show?.name, "The A-Team")
        XCTAssertFalse(kept.cast.isEmpty)
        XCTAssertEqual(kept.episodes?.regularEpisodes.count, 73)
        guard case .cache(let provider, _)? = kept.episodes?.source else { return XCTFail("\(String(describing: kept.episodes?.source))") }
        XCTAssertEqual(provider, .tvmaze)
        // --no-cache leaves the kept answers out.
        let none = try await facts(["--offline", "--no-cache"]).facts(of: unknown, ratings: false)
        XCTAssertEqual(none, ShowFacts())
    }

    func testWithoutACacheFolderNothingIsKnownAndNoFolderIsMade() async throws {
        let none = try await facts().facts(of: unknown, ratings: false)
        XCTAssertEqual(none, ShowFacts())
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/cache"))
    }
}
