import Foundation

/// A loopback TVmaze that answers an import's lookups from recorded shows: for every show of
/// the recorded `/shows?page=0` (Sources/CSnapshotData/data/shows_page_0.json),
/// `/lookup/shows?thetvdb=ID`, `/lookup/shows?imdb=tt…` and `/singlesearch/shows?q=NAME`
/// answer the show (as TVmaze does after its redirect); `/shows/49/episodes` answers
/// Brooklyn Nine-Nine's recorded episodes. Anything else is a 404, as TVmaze answers an
/// unknown id or name.
public enum TVmazeLookupStub {
    /// The recorded shows, as JSON objects.
    /// - Throws: `FixtureError` when the recording cannot be read.
    public static func shows() throws -> [[String: Any]] {
        guard let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]] else {
            throw FixtureError.missing("shows_page_0.json as an array")
        }
        return page
    }

    /// Adds the routes to a server.
    /// - Parameter server: a stopped or running server.
    /// - Throws: `FixtureError` when a recording cannot be read.
    public static func install(on server: LoopbackHTTPServer) throws {
        for show in try shows() {
            let body = try JSONSerialization.data(withJSONObject: show)
            let externals = show["externals"] as? [String: Any] ?? [:]
            if let tvdb = externals["thetvdb"] as? Int {
                server.route("/lookup/shows", query: ["thetvdb": String(tvdb)], .json(body))
            }
            if let imdb = externals["imdb"] as? String {
                server.route("/lookup/shows", query: ["imdb": imdb], .json(body))
            }
            if let name = show["name"] as? String {
                server.route("/singlesearch/shows", query: ["q": name], .json(body))
            }
        }
        server.route("/shows/49/episodes", .json(try Fixtures.snapshotData("episodes_49_brooklyn-nine-nine.json")))
    }
}
