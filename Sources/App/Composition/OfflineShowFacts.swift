import Domain
import Workers

/// What the machine holds of a show, without the network (`ShowFactsWorking`): for TVmaze's
/// ids (the snapshot's), the snapshot catalogue's record of the show, then the kept details
/// when the record or the recorded cast is missing; the kept episode list, else the
/// snapshot's recorded one; the recorded cast, else the kept details' cast. For TMDB's ids
/// the kept answers alone (read through TMDB's Workers, so only with a TMDB key set).
struct OfflineShowFacts: ShowFactsWorking {
    /// One provider's kept answers.
    struct Kept: Sendable {
        /// The show's details (record and cast) as kept; nil when the provider has none here.
        let details: CachingShowsWorker?
        /// The show's episode list as kept; nil when the provider has none here.
        let episodes: (any EpisodesWorking)?
    }

    /// The snapshot catalogue's shows by id, read once on first use.
    actor Catalog {
        private let load: @Sendable () async throws -> ShowCatalog
        private var reading: Task<[Int: TVShow], Never>?

        /// Makes one over a catalogue's loader (called at most once).
        init(load: @escaping @Sendable () async throws -> ShowCatalog) {
            self.load = load
        }

        /// The show of an id; nil when the catalogue has none (or cannot be read).
        func show(_ id: Int) async -> TVShow? {
            if reading == nil {
                let load = self.load
                reading = Task {
                    guard let catalog = try? await load() else { return [:] }
                    return Dictionary(catalog.shows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                }
            }
            return await reading?.value[id]
        }
    }

    /// The snapshot's catalogue.
    let catalog: Catalog
    /// The kept answers by provider name.
    let kept: [String: Kept]
    /// The snapshot's recorded episode lists and casts.
    let recordings = SnapshotEpisodesWorker()

    func facts(of show: WatchedShowID, ratings: Bool) async -> ShowFacts {
        var facts = ShowFacts()
        let fromSnapshot = show.provider == SnapshotEpisodesWorker.provider.name
        let kept = self.kept[show.provider]
        if fromSnapshot {
            facts.show = await catalog.show(show.id)
            facts.cast = (try? SnapshotEpisodesWorker.cast(showID: show.id))?.cast ?? []
        }
        if facts.show == nil || facts.cast.isEmpty, let details = await kept?.details?.cachedShowDetails(for: TVShow(id: show.id, name: "")) {
            facts.show = facts.show ?? details.show
            if facts.cast.isEmpty { facts.cast = details.cast ?? [] }
        }
        if let listed = try? await kept?.episodes?.episodes(showID: show.id) {
            facts.episodes = listed
        } else if fromSnapshot {
            facts.episodes = try? await (ratings ? recordings.episodes(showID: show.id) : recordings.episodeOutline(showID: show.id))
        }
        return facts
    }
}
