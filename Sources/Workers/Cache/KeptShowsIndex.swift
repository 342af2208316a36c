import Domain
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Every show held in a `ResponseCache`, for searching offline: the shows of kept TVmaze pages
/// (`/shows?page=N`), schedules (`/schedule…`), search answers (`/search/shows`,
/// `/singlesearch/shows`) and show details (`/shows/{id}`), and of kept TMDB lists
/// (`/3/tv/popular`, `/3/search/tv`, …) and details (`/3/tv/{id}`).
///
/// The folder is read once, on the first call to `shows(provider:)`, and never again: the
/// entry files are parsed as `ResponseCache` writes them and decoded through the providers' own
/// DTOs and mappers. At most `ResponseCache.capacityBytes` of entry files are read (the cache's
/// own cap); an entry that is not a regular file, does not parse, or does not decode is
/// skipped (never removed: the index only reads). Entries are not marked as used.
/// Safe to use from any thread; call it off the main actor, since the first call reads files.
public final class KeptShowsIndex: KeptShowsSearching, Sendable {
    /// One show found in the cache, with the provider whose ids it carries.
    public struct Kept: Sendable, Equatable {
        /// `TVmazeShowsWorker.provider` or `TMDBShowsWorker.provider`.
        public let provider: ProviderName
        /// The show as the provider's mapper makes it.
        public let show: TVShow
    }

    private let directory: String
    private let capacityBytes: Int
    private let provider: ProviderName
    private let loaded = Mutex<[Kept]?>(nil)

    /// Makes an index over a cache folder; reads nothing yet.
    /// - Parameters:
    ///   - cache: the response cache whose folder is read.
    ///   - provider: whose shows `keptShows()` offers, for example `TVmazeShowsWorker.provider`
    ///     (a list's ids come from one provider).
    public convenience init(cache: ResponseCache, provider: ProviderName = TVmazeShowsWorker.provider) {
        self.init(directory: cache.directory, capacityBytes: cache.capacityBytes, provider: provider)
    }

    /// Makes an index over a cache folder that may not exist (then it holds nothing); reads
    /// nothing yet and makes nothing.
    /// - Parameters:
    ///   - directory: the folder, for example `~/.cache/discover-tui/responses`.
    ///   - capacityBytes: the most bytes of entry files read (default the cache's 50 MiB cap).
    ///   - provider: whose shows `keptShows()` offers.
    public init(
        directory: String, capacityBytes: Int = ResponseCache.defaultCapacityBytes,
        provider: ProviderName = TVmazeShowsWorker.provider
    ) {
        self.directory = directory
        self.capacityBytes = max(0, capacityBytes)
        self.provider = provider
    }

    /// The index of the app's cache folder (`$XDG_CACHE_HOME/discover-tui/responses`), or nil when
    /// no cache folder can be named.
    /// - Parameter environment: the environment (`XDG_CACHE_HOME`, `HOME`).
    public static func app(environment: [String: String]) -> KeptShowsIndex? {
        XDGDirectories(environment: environment).path(.cache).map {
            KeptShowsIndex(directory: FilePaths.join($0, ResponseCache.folderName))
        }
    }

    /// The kept shows of the index's provider, one per id, newest entry first.
    /// See `KeptShowsSearching.keptShows()`.
    public func keptShows() async -> [TVShow] {
        shows(provider: provider)
    }

    /// The kept shows of one provider, one per id (the newest entry's copy).
    /// - Parameter provider: for example "TVmaze".
    /// - Returns: the shows; empty when the folder cannot be listed.
    public func shows(provider: ProviderName) -> [TVShow] {
        all().filter { $0.provider == provider }.map(\.show)
    }

    /// Every kept show, read from the folder on the first call.
    public func all() -> [Kept] {
        if let done = loaded.withLock({ $0 }) { return done }
        let read = Self.read(directory: directory, capacityBytes: capacityBytes)
        return loaded.withLock { state in
            if let done = state { return done }
            state = read
            return read
        }
    }

    /// Reads the folder: newest entries first, at most `capacityBytes` of files.
    static func read(directory: String, capacityBytes: Int) -> [Kept] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var files: [(path: String, size: Int, modified: Int)] = []
        for name in names where name.hasSuffix(".entry") && !name.hasPrefix(".") {
            let path = FilePaths.join(directory, name)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            files.append((path, Int(info.st_size), Int(info.st_mtim.tv_sec)))
        }
        files.sort { $0.modified > $1.modified }
        var budget = capacityBytes
        var kept: [Kept] = []
        var seen = Set<String>()
        for file in files {
            guard file.size <= budget else { continue }
            budget -= file.size
            guard let data = FileManager.default.contents(atPath: file.path),
                let entry = ResponseCache.parse(data), let url = URL(string: entry.url)
            else { continue }
            for item in shows(in: entry.body, url: url) where seen.insert("\(item.provider)/\(item.show.id)").inserted {
                kept.append(item)
            }
        }
        return kept
    }

    /// The shows in one kept body, by the shape its URL's path names; empty for any other
    /// body (genre lists, cast pages) or one that does not decode.
    static func shows(in body: Data, url: URL) -> [Kept] {
        // A list kept whole repeats the shows of the responses it was built from.
        if KeptList.isKeptList(url) { return [] }
        let parts = url.path.split(separator: "/").map(String.init)
        let tvmaze = TVmazeShowsWorker.provider, tmdb = TMDBShowsWorker.provider
        func decode<T: Decodable>(_ type: T.Type, _ provider: ProviderName) -> T? {
            try? ProviderResponse.decode(type, from: body, provider: provider)
        }
        // TMDB: /3/tv/{id}, /3/tv/popular (top_rated, …), /3/search/tv, /3/tv/{id}/recommendations.
        if let v3 = parts.lastIndex(of: "3"), v3 + 1 < parts.count {
            let rest = Array(parts[(v3 + 1)...])
            if rest.count == 2, rest[0] == "tv", Int(rest[1]) != nil {
                return decode(TMDBDTO.Details.self, tmdb).map { [Kept(provider: tmdb, show: TMDBMapper.show($0, listed: nil))] } ?? []
            }
            if rest.first == "tv" || rest == ["search", "tv"] || rest.first == "discover" {
                return (decode(TMDBDTO.Page.self, tmdb)?.results ?? []).map { Kept(provider: tmdb, show: TMDBMapper.show($0, rank: nil)) }
            }
            return []
        }
        // TVmaze (its base URL may carry a path of its own, as a test server's does).
        if parts.suffix(2) == ["search", "shows"] {
            return (decode(LossyArray<TVmazeDTO.SearchHit>.self, tvmaze)?.elements ?? [])
                .compactMap { $0.show.map { Kept(provider: tvmaze, show: TVmazeMapper.show($0)) } }
        }
        if parts.suffix(2) == ["singlesearch", "shows"] || (parts.count >= 2 && parts[parts.count - 2] == "shows" && Int(parts[parts.count - 1]) != nil) {
            return decode(TVmazeDTO.Show.self, tvmaze).map { [Kept(provider: tvmaze, show: TVmazeMapper.show($0))] } ?? []
        }
        if parts.last == "shows" {
            return (decode(LossyArray<TVmazeDTO.Show>.self, tvmaze)?.elements ?? []).map { Kept(provider: tvmaze, show: TVmazeMapper.show($0)) }
        }
        if parts.contains(where: { $0 == "schedule" }) {
            return (decode(LossyArray<TVmazeDTO.ScheduleEntry>.self, tvmaze)?.elements ?? [])
                .compactMap { $0.show.map { Kept(provider: tvmaze, show: TVmazeMapper.show($0)) } }
        }
        return []
    }
}
