import Domain
import TestSupport
import XCTest

@testable import Workers

final class TVmazeMappingTests: XCTestCase {
    private func decodeShows(_ path: String) throws -> LossyArray<TVmazeDTO.Show> {
        try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: RepositoryFiles.data(path), provider: .tvmaze)
    }

    func testTheModernShowsPageDecodesEveryShowWithItsFields() throws {
        let page = try decodeShows("Sources/CSnapshotData/data/shows_page_0.json")
        XCTAssertEqual(page.elements.count, 240)
        XCTAssertEqual(page.skipped, 0)
        let dome = try XCTUnwrap(page.elements.first.map { TVmazeMapper.show($0) })
        XCTAssertEqual(dome.id, 1)
        XCTAssertEqual(dome.name, "Under the Dome")
        XCTAssertEqual(dome.premiered, CalendarDate(year: 2013, month: 6, day: 24))
        XCTAssertEqual(dome.ended, CalendarDate(year: 2015, month: 9, day: 10))
        XCTAssertEqual(dome.rating, 6.5)
        XCTAssertEqual(dome.weight, 99)
        XCTAssertEqual(dome.broadcaster, Broadcaster(name: "CBS", kind: .network, countryName: "United States", countryCode: "US", timeZone: "America/New_York"))
        XCTAssertEqual(dome.schedule, AirSchedule(time: "22:00", days: ["Thursday"]))
        XCTAssertEqual(dome.summary.count, 1)
        XCTAssertTrue(dome.summary[0].hasPrefix("Under the Dome is the story of a small town"))
    }

    func testThe2016ShowsPageWithoutModernFieldsDecodes() throws {
        let page = try decodeShows("Sources/CSnapshotData/data/shows_page_1_2016.json")
        XCTAssertEqual(page.elements.count, 245)
        XCTAssertEqual(page.skipped, 0)
        XCTAssertTrue(page.elements.allSatisfy { $0.averageRuntime == nil })
    }

    func testTheScheduleCarriesShowsInsideEpisodes() throws {
        let entries = try ProviderResponse.decode(
            LossyArray<TVmazeDTO.ScheduleEntry>.self,
            from: RepositoryFiles.data("Sources/CSnapshotData/data/schedule_US_2017-09-21.json"), provider: .tvmaze)
        XCTAssertEqual(entries.elements.count, 239)
        XCTAssertEqual(Set(entries.elements.compactMap { $0.show?.id }).count, 219)
    }

    func testCastSeasonsAndEpisodesMapToDetails() throws {
        let cast = try ProviderResponse.decode(LossyArray<TVmazeDTO.CastCredit>.self, from: RepositoryFiles.data("Sources/CSnapshotData/data/shows_143_cast.json"), provider: .tvmaze)
        let members = TVmazeMapper.cast(cast.elements)
        XCTAssertEqual(members.count, 13)
        XCTAssertEqual(members.first { $0.personName == "Zach Woods" }?.characterName, "Jared Dunn")

        let seasons = try ProviderResponse.decode(LossyArray<TVmazeDTO.Season>.self, from: RepositoryFiles.data("Sources/CSnapshotData/data/shows_143_seasons.json"), provider: .tvmaze)
        let mapped = TVmazeMapper.seasons(seasons.elements)
        XCTAssertEqual(mapped.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(mapped.first?.episodeCount, 8)

        let episodes = try ProviderResponse.decode(LossyArray<TVmazeDTO.Episode>.self, from: RepositoryFiles.data("Sources/CSnapshotData/data/shows_82_episodes.json"), provider: .tvmaze)
        let got = TVmazeMapper.seasons(fromEpisodes: episodes.elements)
        XCTAssertEqual(got.count, 8)
        XCTAssertEqual(got.compactMap(\.episodeCount).reduce(0, +), 73)
        XCTAssertEqual(got.last?.episodeCount, 6)
    }

    func testShowsWithEmbeddedCastAndEpisodesDecode() throws {
        let ateam = try ProviderResponse.decode(TVmazeDTO.Show.self, from: RepositoryFiles.data("Tests/TestSupport/Fixtures/tvmaze/shows_1058_embed_cast.json"), provider: .tvmaze)
        XCTAssertEqual(ateam.id, 1058)
        XCTAssertEqual(ateam.embedded?.cast?.count, 7)
        let silicon = try ProviderResponse.decode(
            TVmazeDTO.Show.self, from: RepositoryFiles.data("Tests/TestSupport/Fixtures/tvmaze/singlesearch_silicon_valley_embed_episodes.json"), provider: .tvmaze)
        XCTAssertEqual(silicon.embedded?.episodes?.count, 38)
    }

    func testHostileShowsAllDecodeAndNullsBecomeMissingValues() throws {
        // Given the hostile cases file (C05–C08)
        let page = try decodeShows("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json")
        XCTAssertEqual(page.elements.count, 12)
        let shows = page.elements.map { TVmazeMapper.show($0) }
        // Then the "Null Everything" show has no made-up values
        let nulls = try XCTUnwrap(shows.first { $0.name == "Null Everything" })
        XCTAssertNil(nulls.rating)
        XCTAssertNil(nulls.premiered)
        XCTAssertNil(nulls.broadcaster)
        XCTAssertEqual(nulls.genres, [])
        XCTAssertEqual(nulls.summary, [])
        // And entities in names are decoded once
        XCTAssertTrue(shows.contains { $0.name == "Grey's Anatomy" })
    }

    func testAWrongTypedFieldIsToleratedAndAShowWithoutIdIsSkipped() throws {
        let json = """
            [{"id": 1, "name": "A", "rating": {"average": "8.1"}, "weight": "90", "genres": ["Drama", 7]},
             {"name": "no id"},
             {"id": "2", "name": "B", "premiered": "", "rating": null, "network": "CBS"},
             42]
            """
        let page = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: Data(json.utf8), provider: .tvmaze)
        XCTAssertEqual(page.elements.map(\.id), [1, 2])
        XCTAssertEqual(page.skipped, 2)
        let a = TVmazeMapper.show(page.elements[0])
        XCTAssertEqual(a.rating, 8.1)
        XCTAssertEqual(a.weight, 90)
        XCTAssertEqual(a.genres, ["Drama"])
        let b = TVmazeMapper.show(page.elements[1])
        XCTAssertNil(b.premiered)
        XCTAssertNil(b.broadcaster)
    }

    func testNamesThatLookLikeMarkupAreMappedAsSent() throws {
        // Case C34: a name is plain text; only a summary is HTML
        let names = ["<Untitled Pilot>", "I <3 Tokyo", "a < b > c", "Love & <Hip> Hop"]
        for name in names {
            let json = #"{"id":7,"name":""# + name + #"","genres":["<Drama>"],"network":{"name":"<Net> & Co"},"summary":"<p>A <b>pilot</b> &amp; more</p>"}"#
            let dto = try ProviderResponse.decode(TVmazeDTO.Show.self, from: Data(json.utf8), provider: .tvmaze)
            let show = TVmazeMapper.show(dto)
            XCTAssertEqual(show.name, name)
            XCTAssertEqual(show.genres, ["<Drama>"])
            XCTAssertEqual(show.broadcaster?.name, "<Net> & Co")
            XCTAssertEqual(show.summary, ["A pilot & more"])
        }
        // Entities in a name are decoded once, as in case C07
        let dto = try ProviderResponse.decode(TVmazeDTO.Show.self, from: Data(#"{"id":8,"name":"Grey&#39;s &amp;lt;Anatomy&gt;"}"#.utf8), provider: .tvmaze)
        XCTAssertEqual(TVmazeMapper.show(dto).name, "Grey's &lt;Anatomy>")
    }
}
