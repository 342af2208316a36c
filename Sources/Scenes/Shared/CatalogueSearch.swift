import Domain
import FoundationEssentials

/// The search beyond a list for its filter: the provider's search on a live source, the shows
/// kept from earlier live answers offline, and the hits they found.
///
/// On a live source it asks once typing pauses (`searchPause`), or at once: at most one request
/// in flight (a new query cancels the last), each query asked once (answers are kept for the
/// session; the worker keeps them on disk too). Offline the kept shows are read once, on the
/// first search, off the main actor; every later keystroke matches them in memory. Its
/// owner tells it the list as it is now (`subject`) and hears when an answer changed the hits
/// (`changed`).
@MainActor
final class CatalogueSearch {
    /// What the search looks for: the list's query and where its shows come from.
    struct Subject {
        /// The query as typed.
        let query: String
        /// The query folded as names are (`NameFilter.fold`).
        let foldedQuery: [UInt8]
        /// Where the list's shows come from; nil before its first page.
        let source: DataSource?
    }

    /// The pause in typing after which the provider's search is asked: 300 ms.
    static let searchPause: Duration = .milliseconds(300)

    /// The list as it is now, asked when an answer lands.
    var subject: @MainActor () -> Subject = { Subject(query: "", foldedQuery: [], source: nil) }
    /// Told when an answer (or the kept shows' reading) changed the hits or the state.
    var changed: @MainActor () -> Void = {}

    private let clock: any Clock<Duration>
    private let keptSource: (any KeptShowsSearching)?
    private var task: Task<Void, Never>?
    /// The key of the query asked now; nil when none is in flight.
    private var searchingKey: String?
    private var cache: [String: [TVShow]] = [:]
    /// The key of the query `hits` answer.
    private var hitsKey: String?
    private var hits: [TVShow] = [] {
        didSet { hitKeysQuery = nil }
    }
    /// The rank keys of `hits` for the folded query `hitKeysQuery` (nil: not explained by the
    /// name), made once per keystroke for the kept shows.
    private var hitKeys: [Int?] = []
    private var hitKeysQuery: [UInt8]?
    private var error: SourceError?
    /// Raised by `stop`: an answer asked before it is not taken.
    private var generation = 0
    private var kept: (shows: [TVShow], names: NameFilter)?
    private var keptTask: Task<Void, Never>?

    /// Makes one with nothing asked.
    /// - Parameters:
    ///   - clock: the clock the typing pause waits on (tests pass one that does not wait).
    ///   - keptShows: the shows kept from earlier live answers, searched when the source is
    ///     not live; nil for none.
    init(clock: any Clock<Duration>, keptShows: (any KeptShowsSearching)?) {
        self.clock = clock
        self.keptSource = keptShows
    }

    /// The search's key for a query: trimmed, folded (so `Taxi` and `taxi ` are asked once).
    static func key(_ query: String) -> String {
        String(decoding: NameFilter.fold(query.trimming(.whitespaces)), as: UTF8.self)
    }

    /// Searches for the subject's query (`now`: without waiting for the pause in typing).
    /// - Parameters:
    ///   - worker: the provider to ask, on a live source.
    ///   - now: true to ask at once.
    /// - Returns: the search's task (or the kept shows' reading), nil when none started.
    func schedule(worker: any TVShowsWorking, now: Bool) -> Task<Void, Never>? {
        let subject = self.subject()
        let key = Self.key(subject.query)
        // A list of the mirror holds TVmaze's whole index: no kept show lies beyond it, and
        // matching its 80,000 names twice a key would double the filter's work.
        if case .mirror? = subject.source {
            cancel(query: subject.query)
            return nil
        }
        if !key.isEmpty, subject.source != nil, subject.source?.isFromNetwork != true, keptSource != nil {
            cancel(query: subject.query)
            return searchKept(key: key, folded: subject.foldedQuery)
        }
        guard !key.isEmpty, subject.source?.isFromNetwork == true else {
            cancel(query: subject.query)
            return nil
        }
        if let known = cache[key] {
            cancel(query: subject.query)
            hitsKey = key
            hits = known
            error = nil
            return nil
        }
        if searchingKey == key { return task }
        task?.cancel()
        searchingKey = key
        error = nil
        let clock = self.clock, text = subject.query.trimming(.whitespaces), generation = self.generation
        let task = Task { [weak self] in
            do {
                if !now { try await clock.sleep(for: Self.searchPause) }
                let found = try await worker.searchShows(query: text)
                guard let self, !Task.isCancelled, self.generation == generation else { return }
                self.task = nil
                self.searchingKey = nil
                self.cache[key] = found ?? []
                if Self.key(self.subject().query) == key {
                    self.hitsKey = key
                    self.hits = found ?? []
                }
                self.changed()
            } catch is CancellationError {
                return
            } catch {
                guard let self, !Task.isCancelled, self.generation == generation else { return }
                self.task = nil
                self.searchingKey = nil
                self.error =
                    (error as? SourceError)
                    ?? .unreachable(provider: self.subject().source?.provider ?? .unnamed("source"), reason: "the search failed")
                self.changed()
            }
        }
        self.task = task
        return task
    }

    /// Stops the request in flight and makes any answer to it stale (a reload, a new list, the
    /// scene closing); the hits and the answers kept stay.
    func stop() {
        task?.cancel()
        task = nil
        searchingKey = nil
        generation += 1
    }

    /// A hit by its show's id.
    func hit(id: Int) -> TVShow? {
        hits.first { $0.id == id }
    }

    /// The hits to rank among a list's matches, each with its rank key for the query: those of
    /// this very query, or those of an earlier one that the filter still matches; never a show
    /// of the list, and only those `admits` lets through.
    /// - Parameters:
    ///   - query: the query as typed; `foldedQuery` folded.
    ///   - list: the list's shows.
    ///   - admits: whether a show is in the narrowing in force.
    func shownHits(query: String, foldedQuery: [UInt8], list: [TVShow], admits: (TVShow) -> Bool) -> [(key: Int?, show: TVShow)] {
        guard !foldedQuery.isEmpty, !hits.isEmpty else { return [] }
        var seen = Set<Int>()
        let current = hitsKey == Self.key(query)
        let known = Set(list.lazy.map(\.id))
        let keys = hitKeysQuery == foldedQuery && hitKeys.count == hits.count ? hitKeys : nil
        var out: [(key: Int?, show: TVShow)] = []
        for (i, hit) in hits.enumerated() {
            guard !known.contains(hit.id), admits(hit), seen.insert(hit.id).inserted else { continue }
            let key = keys.map { $0[i] } ?? MatchTiers.key(of: hit.name, query: foldedQuery)
            // An earlier query's hit stays only while its name matches the filter.
            guard current || key != nil else { continue }
            out.append((key, hit))
        }
        return out
    }

    /// Where the search stands for the subject: nil when none was asked (no filter, or a
    /// snapshot without kept shows).
    /// - Parameters:
    ///   - subject: the list's query and source.
    ///   - added: how many hits were added among the matches.
    func state(of subject: Subject, added: Int) -> PopularList.LoadShows.SearchState? {
        guard !subject.foldedQuery.isEmpty, let source = subject.source else { return nil }
        if !source.isFromNetwork {
            return keptSource != nil && hitsKey == Self.key(subject.query) ? .kept(added: added) : nil
        }
        if let error { return .failed(error) }
        if searchingKey != nil { return .searching(provider: source.provider) }
        if hitsKey != nil { return .done(provider: source.provider, added: added) }
        return nil
    }

    /// Offline: the kept shows that match the filter, best first, as the hits.
    /// - Returns: the reading's task while the kept shows are read, else nil.
    private func searchKept(key: String, folded: [UInt8]) -> Task<Void, Never>? {
        guard let kept else {
            if let keptTask { return keptTask }
            guard let keptSource else { return nil }
            let task = Task { [weak self] in
                let loaded = await Task.detached(priority: .utility) { () -> (shows: [TVShow], names: NameFilter) in
                    let shows = await keptSource.keptShows()
                    return (shows, NameFilter(namesOf: shows))
                }.value
                guard let self else { return }
                self.kept = loaded
                self.keptTask = nil
                let subject = self.subject()
                let key = Self.key(subject.query)
                if !key.isEmpty, subject.source != nil, subject.source?.isFromNetwork != true {
                    _ = self.searchKept(key: key, folded: subject.foldedQuery)
                    self.changed()
                }
            }
            keptTask = task
            return task
        }
        let found = kept.names.tiers(folded)
        var keys: [Int?] = []
        keys.reserveCapacity(found.ranked.count)
        var k = 0
        for i in found.ranked.indices {
            k = found.ends.isEmpty ? 0 : found.key(at: i, from: k)
            keys.append(k)
        }
        hits = found.ranked.map { kept.shows[$0] }
        hitKeys = keys
        hitKeysQuery = folded
        hitsKey = key
        return nil
    }

    /// No search for the query now: the one in flight stops; an empty query drops the hits.
    private func cancel(query: String) {
        task?.cancel()
        task = nil
        searchingKey = nil
        error = nil
        if query.trimming(.whitespaces).isEmpty {
            hits = []
            hitsKey = nil
        }
    }
}
