import Domain
import FoundationEssentials

/// TVmaze's whole show index and its changes, for the mirror (https://www.tvmaze.com/api):
/// `GET /shows?page=N` (250 shows a page by id, a 404 past the last page),
/// `GET /updates/shows?since=day|week|month` (a map of id to last change, Unix seconds) and
/// `GET /shows/ID` (one show, a 404 when TVmaze has taken it away). The client given paces the
/// requests (in the app, TVmaze's row's one pacer).
public struct TVmazeIndexWorker: Sendable {
    /// The windows `/updates/shows` takes, each with its length in seconds.
    public enum Window: String, Sendable, CaseIterable {
        case day, week, month
        /// The window's length in seconds.
        public var seconds: Int {
            switch self {
            case .day: 86_400
            case .week: 7 * 86_400
            case .month: 30 * 86_400
            }
        }

        /// The shortest window that covers the time since `since`, or nil when none does (more
        /// than a month: the whole index is walked again).
        /// - Parameters:
        ///   - since: the last refresh, Unix seconds.
        ///   - now: the time, Unix seconds.
        public static func covering(since: Int, now: Int) -> Window? {
            allCases.first { now - since <= $0.seconds }
        }
    }

    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a worker.
    /// - Parameters:
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the client, which paces the requests.
    public init(baseURL: URL, http: any HTTPFetching) {
        self.baseURL = baseURL
        self.http = http
    }

    /// One page of the index, or nil past the last page (TVmaze's 404).
    /// - Parameter page: the page, from 0.
    /// - Returns: its shows (a show without an id is skipped).
    /// - Throws: `SourceError` when TVmaze cannot be asked or answers what is not a page;
    ///   `ProviderResponse.wrongBaseURL` for a 404 on page 0; `CancellationError` when stopped.
    public func page(_ page: Int) async throws -> [MirrorShow]? {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "shows", query: "page=\(page)")
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: .tvmaze, http: http)
        } catch SourceError.notFound {
            if page == 0 { throw ProviderResponse.wrongBaseURL(provider: .tvmaze) }
            return nil
        }
        return try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: data, provider: .tvmaze).elements.map(Self.kept)
    }

    /// The shows changed within a window: id to last change (Unix seconds).
    /// - Throws: `SourceError` as `page(_:)`; a 404 as `ProviderResponse.wrongBaseURL`.
    public func updates(_ window: Window) async throws -> [Int: Int] {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "updates/shows", query: "since=\(window.rawValue)")
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: .tvmaze, http: http)
        } catch SourceError.notFound {
            throw ProviderResponse.wrongBaseURL(provider: .tvmaze)
        }
        let map = try ProviderResponse.decode([String: Int?].self, from: data, provider: .tvmaze)
        var out: [Int: Int] = [:]
        for (key, value) in map { if let id = Int(key) { out[id] = value ?? 0 } }
        return out
    }

    /// One show, or nil when TVmaze no longer has it (a 404).
    /// - Throws: `SourceError` as `page(_:)`.
    public func show(id: Int) async throws -> MirrorShow? {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "shows/\(id)", query: "")
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: .tvmaze, http: http)
        } catch SourceError.notFound {
            return nil
        }
        return Self.kept(try ProviderResponse.decode(TVmazeDTO.Show.self, from: data, provider: .tvmaze))
    }

    /// A show's episode list as TVmaze sends it (`/shows/ID/episodes?specials=1`), checked to be
    /// one; nil when TVmaze has no such show (a 404).
    /// - Throws: `SourceError` as `page(_:)`.
    public func episodeList(showID: Int) async throws -> String? {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "shows/\(showID)/episodes", query: "specials=1")
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: .tvmaze, http: http)
        } catch SourceError.notFound {
            return nil
        }
        _ = try ProviderResponse.decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: data, provider: .tvmaze)
        return String(decoding: data, as: UTF8.self)
    }

    private static func kept(_ dto: TVmazeDTO.Show) -> MirrorShow {
        MirrorShow(show: TVmazeMapper.show(dto, includeSummary: false), summaryHTML: dto.summary)
    }
}
