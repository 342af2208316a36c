import Domain
import Foundation
import XCTest

@testable import Workers

/// `JSONText`: a lone UTF-16 surrogate escape is U+FFFD and the rest of the string stays, in
/// every decoder (TVmaze shows, cast and episodes, TMDB, Geoapify and Overpass places,
/// favourites, and the cache, whose answers are decoded as live ones).
final class JSONTextTests: XCTestCase {
    private func rewritten(_ text: String) -> String {
        String(decoding: JSONText.replacingLoneSurrogates(Data(text.utf8)), as: UTF8.self)
    }

    func testALoneSurrogateEscapeIsRewrittenAsTheReplacementCharacterAndNothingElseChanges() {
        XCTAssertEqual(rewritten(#"{"name":"\ud83c Show"}"#), #"{"name":"\uFFFD Show"}"#)
        XCTAssertEqual(
            rewritten(#"["\uDC00","x\ud83c\u0041","\ud83c\ud83c\udf89","end \ud83c"]"#),
            #"["\uFFFD","x\uFFFD\u0041","\uFFFD\ud83c\udf89","end \uFFFD"]"#)
        // A pair, an escaped backslash before `u`, other escapes and bad hex stay as they are.
        for same in [#"["\ud83c\udf89"]"#, #"["\\ud83c"]"#, #"["\"\\\/\n"]"#, #"["\uzzzz"]"#, #"["\ud83"]"#, "[\"é\"]", #"\"#] {
            XCTAssertEqual(rewritten(same), same)
        }
    }

    func testAShowsNameWithALoneSurrogateIsKeptWithTheReplacementCharacter() throws {
        let show = try ProviderResponse.decode(TVmazeDTO.Show.self, from: Data(#"{"id":1,"name":"\ud83c Show","summary":"<p>\ud83c ok</p>"}"#.utf8), provider: .tvmaze)
        XCTAssertEqual(show.name, "\u{FFFD} Show")
        let page = try ProviderResponse.decode(TMDBDTO.Page.self, from: Data(#"{"page":1,"results":[{"id":2,"name":"Tw\udc00o"}]}"#.utf8), provider: .tmdb)
        XCTAssertEqual(page.results.first?.name, "Tw\u{FFFD}o")
    }

    func testCastEpisodesAndPlacesWithALoneSurrogateKeepTheirNames() throws {
        let cast = try ProviderResponse.decode([TVmazeDTO.CastCredit].self, from: Data(#"[{"person":{"name":"Ana \ud83c"},"character":{"name":"\udc00Bo"}}]"#.utf8), provider: .tvmaze)
        XCTAssertEqual(cast.first?.person?.name, "Ana \u{FFFD}")
        XCTAssertEqual(cast.first?.character?.name, "\u{FFFD}Bo")
        let episodes = try ProviderResponse.decode([TVmazeDTO.EpisodeRecord].self, from: Data(#"[{"id":3,"name":"Pilot \ud83d","season":1,"number":1}]"#.utf8), provider: .tvmaze)
        XCTAssertEqual(episodes.first?.name, "Pilot \u{FFFD}")
        let places = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: Data(#"{"features":[{"properties":{"name":"Caf\ud83c","lat":1,"lon":2}}]}"#.utf8), provider: .geoapify)
        XCTAssertEqual(places.records.first?.properties.name, "Caf\u{FFFD}")
        let osm = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: Data(#"{"elements":[{"type":"node","id":1,"lat":1,"lon":2,"tags":{"name":"Pub \udc00"}}]}"#.utf8), provider: .overpass)
        XCTAssertEqual(osm.elements.elements.first?.tags["name"], "Pub \u{FFFD}")
    }

    func testAFavouriteWithALoneSurrogateIsReadWithTheReplacementCharacter() throws {
        let file = #"{"version":1,"favourites":[{"kind":"show","provider":"TVmaze","id":"9","name":"\ud83c Show","subtitle":"","added":"2025-11-24T16:00:00Z"}]}"#
        let favourites = try FavouritesFile.decode(Data(file.utf8))
        XCTAssertEqual(favourites.map(\.name), ["\u{FFFD} Show"])
    }
}
