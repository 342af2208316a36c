/// The score "More like this" works out here when no provider recommends shows (no TMDB key,
/// or offline): over the catalogue the app holds, each other show scores
///
/// - 2 points a genre in common,
/// - 2 for the same network or web channel (by name, case aside),
/// - 1 for the same language,
/// - 3 a person in both recorded casts (by name, case aside),
/// - and up to 1 for popularity (TVmaze's `weight` / 100), which only orders near ties.
///
/// A show needs a genre, the broadcaster or a cast member in common to be listed (language
/// and popularity alone are not likeness). Ties keep `TVShow.ranksAbove`'s order.
public enum ShowSimilarity {
    /// One scored show.
    public struct Scored: Sendable, Hashable {
        /// The show.
        public let show: TVShow
        /// Its score (see the type's rule).
        public let score: Double
        /// Why: the shared genres (at most three), the shared broadcaster, the shared cast, for
        /// example `Drama · HBO · 2 shared cast`.
        public let reason: String
    }

    /// The shows most like `show`, best first.
    /// - Parameters:
    ///   - show: the show.
    ///   - catalogue: the shows to choose from (the show itself is left out).
    ///   - cast: the recorded cast names of a show by id (nil when not recorded).
    ///   - limit: the most shows listed.
    /// - Returns: at most `limit` shows.
    public static func rank(_ show: TVShow, in catalogue: [TVShow], cast: (Int) -> [String]?, limit: Int = 12) -> [Scored] {
        let genres = Set(show.genres.map { $0.lowercased() })
        let broadcaster = show.broadcaster?.name.lowercased()
        let people = Set((cast(show.id) ?? []).map { $0.lowercased() })
        var scored: [(Int, Scored)] = []
        for (index, other) in catalogue.enumerated() where other.id != show.id {
            let shared = other.genres.filter { genres.contains($0.lowercased()) }
            let sameBroadcaster = broadcaster != nil && other.broadcaster?.name.lowercased() == broadcaster
            let sharedCast = people.isEmpty ? 0 : Set((cast(other.id) ?? []).map { $0.lowercased() }).intersection(people).count
            guard !shared.isEmpty || sameBroadcaster || sharedCast > 0 else { continue }
            var score = 2.0 * Double(shared.count) + (sameBroadcaster ? 2 : 0) + 3.0 * Double(sharedCast)
            if let language = show.language, other.language == language { score += 1 }
            score += Double(min(100, max(0, other.weight ?? 0))) / 100
            var reason = Array(shared.prefix(3))
            if sameBroadcaster, let name = other.broadcaster?.name { reason.append(name) }
            if sharedCast > 0 { reason.append(sharedCast == 1 ? "1 shared cast" : "\(sharedCast) shared cast") }
            scored.append((index, Scored(show: other, score: score, reason: reason.joined(separator: " · "))))
        }
        scored.sort { $0.1.score != $1.1.score ? $0.1.score > $1.1.score : $0.0 < $1.0 }
        return scored.prefix(limit).map(\.1)
    }
}
