import Foundation

/// Reads the recorded watch-providers answer (`Fixtures/people/tv_1396_breaking-bad_watch_providers.json`).
public enum WatchProviderFixture {
    /// Why a recorded answer cannot be read.
    public struct Unreadable: Error {}

    /// The recorded services of an offer of a country, by display priority (the order JustWatch
    /// shows them in), the recorded order for equal priorities.
    /// - Parameters:
    ///   - data: the recorded answer.
    ///   - country: the country code, for example `GB`.
    ///   - offer: TMDB's key: `flatrate`, `free`, `ads`, `rent` or `buy`.
    /// - Returns: the services' names; empty when the country has no such offer.
    /// - Throws: `Unreadable` when the country is not in the answer.
    public static func recorded(_ data: Data, country: String, offer: String) throws -> [String] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entry = (object["results"] as? [String: Any])?[country] as? [String: Any]
        else { throw Unreadable() }
        let list = (entry[offer] as? [[String: Any]]) ?? []
        return list.enumerated().sorted { (($0.element["display_priority"] as? Int) ?? .max, $0.offset) < (($1.element["display_priority"] as? Int) ?? .max, $1.offset) }
            .compactMap { $0.element["provider_name"] as? String }
    }
}
