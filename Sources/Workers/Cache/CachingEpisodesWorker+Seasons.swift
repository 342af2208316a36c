import Domain
import FoundationEssentials

extension CachingEpisodesWorker: SeasonsWorking where Live: SeasonsWorking {
    /// How long kept seasons are used without asking again, in seconds: a season's order
    /// changes seldom, and a list of rows asks for many shows' seasons.
    static var seasonsFreshSeconds: Double { 86_400 }

    /// Kept when kept less than a day ago, else fresh (else kept, older); see
    /// `SeasonsWorking.seasons(showID:)`.
    public func seasons(showID: Int) async throws -> [SeasonSummary]? {
        if let kept = await kept({ try await $0.seasons(showID: showID) }), case .cache(_, let savedAt) = kept.source,
            Date().timeIntervalSince1970 - Double(savedAt) < Self.seasonsFreshSeconds
        {
            return kept.value
        }
        return try await freshElseKept({ try await $0.seasons(showID: showID) }, relabel: { value, _ in value })
    }
}
