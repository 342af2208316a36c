import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// SplitMix64 (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number Generators",
/// OOPSLA 2014): a small seeded generator, so that every run mutates the same way.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutates JSON documents the ways bad servers and proxies break them.
struct PayloadMutator {
    var random: SplitMix64

    /// The values a JSON value may be swapped for: each JSON type, and the quirks seen in the
    /// field (numbers as strings, empty strings for dates, huge and negative numbers).
    private static var replacements: [Any] {
        [
            "8.1", 8.1, 0, -1, 1e300, "", NSNull(), true, false, [Any](), [String: Any](), "2017-13-45",
            "<b>x</b>\u{1B}[2J", ["x", 1, NSNull()] as [Any], ["id": "abc"] as [String: Any], String(repeating: "é", count: 300)
        ]
    }

    /// One to three mutations of a document: byte flips, truncations, splices from another
    /// document, deletions, or swaps of JSON values for values of other types.
    mutating func mutate(_ document: Data, donor: Data) -> Data {
        var data = document
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: data = flipBytes(data)
            case 1: data = truncate(data)
            case 2: data = splice(data, donor: donor)
            case 3: data = delete(data)
            default: data = swapValues(data)
            }
        }
        return data
    }

    private mutating func flipBytes(_ data: Data) -> Data {
        guard !data.isEmpty else { return data }
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let i = Int.random(in: 0..<bytes.count, using: &random)
            bytes[i] =
                Bool.random(using: &random)
                ? bytes[i] ^ (1 << UInt8.random(in: 0..<8, using: &random))
                : [0x22, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x5C, 0x00, 0xFF, 0xC3][Int.random(in: 0..<11, using: &random)]
        }
        return Data(bytes)
    }

    private mutating func truncate(_ data: Data) -> Data {
        data.prefix(Int.random(in: 0...data.count, using: &random))
    }

    private mutating func splice(_ data: Data, donor: Data) -> Data {
        guard !donor.isEmpty else { return data }
        let start = Int.random(in: 0..<donor.count, using: &random)
        let piece = donor[donor.startIndex + start..<donor.startIndex + min(donor.count, start + Int.random(in: 1...200, using: &random))]
        var bytes = [UInt8](data)
        let at = Int.random(in: 0...bytes.count, using: &random)
        let cut = Int.random(in: 0...min(50, bytes.count - at), using: &random)
        bytes.replaceSubrange(at..<(at + cut), with: piece)
        return Data(bytes)
    }

    private mutating func delete(_ data: Data) -> Data {
        guard !data.isEmpty else { return data }
        var bytes = [UInt8](data)
        let at = Int.random(in: 0..<bytes.count, using: &random)
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
        return Data(bytes)
    }

    /// Swaps about one value in eight for a value of another type (the document is left as is
    /// when it is no longer JSON).
    private mutating func swapValues(_ data: Data) -> Data {
        guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return data }
        let swapped = swap(tree, depth: 0)
        return (try? JSONSerialization.data(withJSONObject: swapped, options: [.fragmentsAllowed])) ?? data
    }

    private mutating func swap(_ value: Any, depth: Int) -> Any {
        if Int.random(in: 0..<8, using: &random) == 0 && depth > 0 {
            let choices = Self.replacements
            return choices[Int.random(in: 0..<choices.count, using: &random)]
        }
        if let object = value as? [String: Any] {
            var out: [String: Any] = [:]
            for (key, child) in object { out[key] = swap(child, depth: depth + 1) }
            return out
        }
        if let array = value as? [Any] {
            return array.map { swap($0, depth: depth + 1) }
        }
        return value
    }
}

/// Thousands of mutated fixture documents through every provider's decode and map path: each
/// decodes or throws `SourceError.badData` naming the provider, never anything else, never a crash.
final class PayloadFuzzTests: XCTestCase {
    /// A decode-and-map path: the provider's name and what the Worker does with a body.
    private struct Path {
        let provider: ProviderName
        let seeds: [String]
        let run: (Data) throws -> Int
    }

    /// A fixture with every array cut to its first four elements, so that each document is small.
    private func seed(_ path: String) throws -> Data {
        let data = try RepositoryFiles.data(path)
        func trim(_ value: Any) -> Any {
            if let object = value as? [String: Any] { return object.mapValues(trim) }
            if let array = value as? [Any] { return array.prefix(4).map(trim) }
            return value
        }
        let tree = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return try JSONSerialization.data(withJSONObject: trim(tree), options: [.fragmentsAllowed])
    }

    private func paths() throws -> [Path] {
        let center = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let live = DataSource.live(provider: ProviderName("test", credit: "test data"))
        return [
            Path(
                provider: .tvmaze,
                seeds: [
                    "Sources/CSnapshotData/data/shows_page_0.json", "Sources/CSnapshotData/data/shows_page_1_2016.json",
                    "Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json"
                ]
            ) { data in
                let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: data, provider: .tvmaze)
                return list.elements.map { TVmazeMapper.show($0) }.sorted(by: TVShow.ranksAbove).count
            },
            Path(
                provider: .tvmaze,
                seeds: [
                    "Tests/TestSupport/Fixtures/tvmaze/shows_1058_embed_cast.json",
                    "Tests/TestSupport/Fixtures/tvmaze/singlesearch_silicon_valley_embed_episodes.json"
                ]
            ) { data in
                let dto = try ProviderResponse.decode(TVmazeDTO.Show.self, from: data, provider: .tvmaze)
                let show = TVmazeMapper.show(dto)
                let cast = dto.embedded?.cast.map(TVmazeMapper.cast) ?? []
                let seasons = (dto.embedded?.seasons).map(TVmazeMapper.seasons) ?? []
                let derived = TVmazeMapper.seasons(fromEpisodes: dto.embedded?.episodes ?? [])
                return show.summary.count + cast.count + seasons.count + derived.count
            },
            Path(
                provider: .tvmaze,
                seeds: [
                    "Tests/TestSupport/Fixtures/tvmaze/episodes_82_game-of-thrones_2022-08.json",
                    "Sources/CSnapshotData/data/schedule_NO_2017-09-21.json"
                ]
            ) { data in
                let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: data, provider: .tvmaze)
                let guide = ShowEpisodes(showID: 1, episodes: list.elements.map(TVmazeEpisodeMapper.episode), source: live)
                let entries = list.elements.compactMap { TVmazeEpisodeMapper.scheduleEntry($0, isWeb: false) }
                return guide.regularEpisodes.count + guide.specials.count + entries.count
            },
            Path(
                provider: .tmdb,
                seeds: [
                    "Tests/TestSupport/Fixtures/tmdb/tv_1396_season_1_details.json",
                    "Tests/TestSupport/Fixtures/tmdb/season_1399_1.json"
                ]
            ) { data in
                let season = try ProviderResponse.decode(TMDBDTO.SeasonDetails.self, from: data, provider: .tmdb)
                return ShowEpisodes(showID: 1, episodes: season.episodes.map(TMDBEpisodeMapper.episode), source: live).regularEpisodes.count
            },
            Path(
                provider: .geoapify,
                seeds: [
                    "Sources/CSnapshotData/data/places_paris_cafes_proximity.json",
                    "Tests/TestSupport/Fixtures/cases/geoapify_hostile_places.json"
                ]
            ) { data in
                let reply = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: data, provider: .geoapify)
                let places = reply.records.compactMap { GeoapifyMapper.place($0.properties, geometry: $0.geometry, center: center, source: live) }
                return places.sorted(by: POI.isNearer).count
            },
            Path(
                provider: .geoapify,
                seeds: [
                    "Tests/TestSupport/Fixtures/geoapify/autocomplete_gym_london_uk.json",
                    "Tests/TestSupport/Fixtures/geoapify/batch_geocode_results_dordrecht.json"
                ]
            ) { data in
                let reply = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: data, provider: .geoapify)
                return reply.records.compactMap { GeoapifyMapper.city($0.properties, geometry: $0.geometry, source: live) }.count
            },
            Path(
                provider: .overpass,
                seeds: [
                    "Sources/CSnapshotData/data/overpass_istanbul_restaurants_cafes.json",
                    "Sources/CSnapshotData/data/overpass_lake_district_amenity_pub.json",
                    "Tests/TestSupport/Fixtures/osm/overpass_remark_runtime_error.json"
                ]
            ) { data in
                let reply = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: data, provider: .overpass)
                return OSMMapper.places(reply.elements.elements, center: center, source: live).count
            },
            Path(provider: .nominatim, seeds: ["Tests/TestSupport/Fixtures/osm/nominatim_search_ottawa.json"]) { data in
                let list = try ProviderResponse.decode(LossyArray<OSMDTO.NominatimPOI>.self, from: data, provider: .nominatim)
                return list.elements.compactMap { OSMMapper.city($0, source: live) }.count
            }
        ]
    }

    func testThousandsOfMutatedDocumentsDecodeOrAreBadDataForEveryProvider() throws {
        var mutator = PayloadMutator(random: SplitMix64(seed: 0x00D1_5C0F_FEE4))
        let perPath = 1_500
        var total = 0
        for path in try paths() {
            let seeds = try path.seeds.map(seed)
            var decoded = 0, refused = 0
            for round in 0..<perPath {
                let document = seeds[round % seeds.count]
                let donor = seeds[(round + 1) % seeds.count]
                let mutated = mutator.mutate(document, donor: donor)
                do {
                    _ = try path.run(mutated)
                    decoded += 1
                } catch SourceError.badData(let provider, let reason) {
                    XCTAssertEqual(provider, path.provider)
                    XCTAssertFalse(reason.isEmpty)
                    refused += 1
                } catch {
                    XCTFail("\(path.provider) round \(round): \(error) for \(String(decoding: mutated.prefix(300), as: UTF8.self))")
                }
            }
            // Both outcomes occur, so the mutations reach past the parser into the mappers.
            XCTAssertGreaterThan(decoded, perPath / 10, "\(path.provider): \(decoded) decoded, \(refused) refused")
            XCTAssertGreaterThan(refused, perPath / 10, "\(path.provider): \(decoded) decoded, \(refused) refused")
            total += decoded + refused
        }
        XCTAssertEqual(total, perPath * 8)
    }
}

/// Hand-written bad payloads: wrong types are read or dropped field by field, blank dates are
/// missing dates, and one bad element of an array costs only itself.
final class BadPayloadTests: XCTestCase {
    private let live = DataSource.live(provider: ProviderName("test", credit: "test data"))

    func testATVmazePageReadsNumbersGivenAsTextAndBlankDatesAndSkipsOnlyTheBadShow() throws {
        // Given a page with a rating and runtime as text, blank dates, and a show that is a string
        let body = #"""
            [{"id":1,"name":"A","rating":{"average":"8.1"},"runtime":"60","premiered":"","ended":"  ","weight":"97"},
             "not a show",
             {"id":"x","name":"no id"},
             {"id":3,"name":"C","rating":{"average":null},"premiered":"2019-13-45","genres":"Drama"}]
            """#

        // When
        let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: Data(body.utf8), provider: .tvmaze)
        let shows = list.elements.map { TVmazeMapper.show($0) }

        // Then
        XCTAssertEqual(shows.map(\.id), [1, 3])
        XCTAssertEqual(list.skipped, 2)
        XCTAssertEqual(shows[0].rating, 8.1)
        XCTAssertEqual(shows[0].runtimeMinutes, 60)
        XCTAssertEqual(shows[0].weight, 97)
        XCTAssertNil(shows[0].premiered)
        XCTAssertNil(shows[0].ended)
        XCTAssertNil(shows[1].rating)
        XCTAssertNil(shows[1].premiered, "an impossible date is a missing date")
        XCTAssertEqual(shows[1].genres, [])
    }

    func testAGeoapifyFeatureOfTheWrongShapeIsSkippedAndTheOthersKept() throws {
        // Given
        let body = #"""
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{"name":"Café A","lat":"48.857","lon":2.352,"distance":"40","place_id":7}},
              42,
              {"type":"Feature","properties":"broken"},
              {"type":"Feature","properties":{"name":"Café B"},"geometry":{"type":"Point","coordinates":[2.353,48.858]}}]}
            """#

        // When
        let reply = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: Data(body.utf8), provider: .geoapify)
        let places = reply.records.compactMap { GeoapifyMapper.place($0.properties, geometry: $0.geometry, center: nil, source: live) }

        // Then: the number is skipped; the feature without usable properties has no position
        XCTAssertEqual(places.map(\.name), ["Café A", "Café B"])
        XCTAssertEqual(places.first?.id, "7")
        XCTAssertEqual(places.first?.distanceMeters, 40)
    }

    func testAnOverpassElementOfTheWrongShapeIsSkippedAndTheOthersKept() throws {
        // Given
        let body = #"""
            {"version":0.6,"elements":[
              {"type":"node","id":1,"lat":41.0,"lon":29.0,"tags":{"amenity":"cafe","name":"Kahve"}},
              {"type":"node","id":"two","lat":41.0,"lon":29.0,"tags":{"amenity":"cafe"}},
              [1,2,3],
              {"type":"node","id":3,"lat":"41.001","lon":"29.001","tags":{"amenity":"cafe","name":"Çay","opening_hours":7}}]}
            """#

        // When
        let reply = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: Data(body.utf8), provider: .overpass)
        let places = OSMMapper.places(reply.elements.elements, center: nil, source: live)

        // Then
        XCTAssertEqual(Set(places.compactMap(\.name)), ["Kahve", "Çay"])
        XCTAssertEqual(places.first { $0.name == "Çay" }?.openingHours, "7")
    }

    func testANominatimResultOfTheWrongShapeIsSkippedAndTheOthersKept() throws {
        // Given
        let body = #"""
            [{"place_id":1,"osm_type":"relation","osm_id":4136816,"lat":"45.42","lon":"-75.69","name":"Ottawa","address":{"country":"Canada"}},
             null,
             {"lat":"not a number","lon":"-75.69","name":"Nowhere"}]
            """#

        // When
        let list = try ProviderResponse.decode(LossyArray<OSMDTO.NominatimPOI>.self, from: Data(body.utf8), provider: .nominatim)
        let cities = list.elements.compactMap { OSMMapper.city($0, source: live) }

        // Then
        XCTAssertEqual(cities.map(\.name), ["Ottawa"])
        XCTAssertEqual(cities.first?.countryName, "Canada")
    }

    func testAnObjectWhereAListBelongsIsAnUnexpectedShapeForEachProvider() {
        let body = Data(#"{"error":"Internal"}"#.utf8)
        XCTAssertThrowsError(try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: body, provider: .tvmaze)) {
            XCTAssertEqual($0 as? SourceError, .badData(provider: .tvmaze, reason: "unexpected JSON shape"))
        }
        XCTAssertThrowsError(try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: body, provider: .geoapify)) {
            XCTAssertEqual($0 as? SourceError, .badData(provider: .geoapify, reason: "unexpected JSON shape"))
        }
        XCTAssertThrowsError(try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: body, provider: .overpass)) {
            XCTAssertEqual($0 as? SourceError, .badData(provider: .overpass, reason: "unexpected JSON shape"))
        }
        XCTAssertThrowsError(try ProviderResponse.decode(LossyArray<OSMDTO.NominatimPOI>.self, from: body, provider: .nominatim)) {
            XCTAssertEqual($0 as? SourceError, .badData(provider: .nominatim, reason: "unexpected JSON shape"))
        }
    }
}
