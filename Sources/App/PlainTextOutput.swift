import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// The listing printed when standard output is not a terminal: one show (or place) a line as
/// aligned text, or JSON lines with `--json`. Never writes an escape sequence, never tells
/// anyone to press a key. A snapshot is printed whole (its pages cost nothing); a live source
/// only its first page, and the header says so.
enum PlainTextOutput {
    /// One JSON line.
    struct JSONShow: Encodable {
        let rank: Int
        let id: Int
        let name: String
        let years: String
        let genres: [String]
        let rating: Double?
        let network: String?
        let source: String
        /// For a search hit: true when its name holds only the query's letters in order (a
        /// close match), false when it holds the query; absent for a listing.
        var closeMatch: Bool? = nil
    }

    /// The most pages a listing follows from a snapshot: enough for any snapshot the app
    /// ships or reads (the embedded one holds 700 shows, 3 pages), a bound for a file that
    /// claims more pages forever.
    static let maximumSnapshotPages = 100

    /// The pages a listing prints, merged: every page of a snapshot (no network cost, up to
    /// `maximumSnapshotPages`), only the first page of a live source.
    struct Listing<Item: Sendable>: Sendable {
        /// The items of the pages read, without repeats, in the order they came.
        let items: [Item]
        /// Where the first page came from (it decides how many pages are read).
        let source: DataSource
        /// True when a further page may exist that was not read: a live source's first page,
        /// the page cap, or a later page that failed.
        let isPartial: Bool
    }

    /// True for a source that costs no network request: the embedded snapshot or a file.
    static func isSnapshot(_ source: DataSource) -> Bool {
        !source.isFromNetwork
    }

    /// Reads a listing's pages: page 0, then, while the pages come from a snapshot and say
    /// more may follow, the next ones (a live source is asked once).
    /// - Parameters:
    ///   - maximumPages: the most pages to read from a snapshot.
    ///   - id: an item's identity, to drop repeats across pages.
    ///   - fetch: asks for a page by number.
    /// - Returns: the merged listing.
    /// - Throws: the first page's failure (a later page's failure ends the listing early).
    static func collect<Item: Sendable, ID: Hashable>(
        maximumPages: Int = maximumSnapshotPages, id: (Item) -> ID, fetch: (Int) async throws -> PagedResult<Item>
    ) async throws -> Listing<Item> {
        let first = try await fetch(0)
        var items: [Item] = []
        var seen = Set<ID>()
        func add(_ page: PagedResult<Item>) {
            for item in page.items where seen.insert(id(item)).inserted { items.append(item) }
        }
        add(first)
        var hasMore = first.hasMore
        var pages = 1
        if isSnapshot(first.source) {
            while hasMore && pages < maximumPages {
                guard let page = try? await fetch(pages), isSnapshot(page.source) else { break }
                add(page)
                hasMore = page.hasMore && !page.items.isEmpty
                pages += 1
            }
        }
        return Listing(items: items, source: first.source, isPartial: hasMore)
    }

    /// Loads the shows (every page of a snapshot, the first page of TVmaze live), prints them
    /// and exits: 0 on success, 1 when the source failed or standard output cannot be written,
    /// 141 when its reader went away (see StandardStreams). When `auto` gave up a live source,
    /// standard error says why once the listing is written (`discover-tui: TVmaze answered HTTP
    /// 404: …; listing the offline snapshot`), and standard output holds the listing alone.
    /// - Parameters:
    ///   - worker: the TV source.
    ///   - fallbackReasons: why each live source was given up, if one was.
    ///   - json: JSON lines instead of text.
    ///   - tsv: tab-separated values instead of fixed columns (`PlainTable`).
    ///   - ascii: ASCII only.
    static func run(
        worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
        json: Bool, tsv: Bool = false, ascii: Bool
    ) async -> Never {
        let result = await Caught.result {
            let listing = try await collect(id: \TVShow.id) { try await worker.popularShows(page: $0) }
            return (listing, await fallbackReasons())
        }
        switch result {
        case .success(let (listing, reason)):
            // The listing first: when it cannot be written, the one line on standard error is
            // that failure (see StandardStreams), not a note about a listing nobody got.
            StandardStreams.output(render(listing, json: json, tsv: tsv, ascii: ascii))
            FallbackNotice.say(reason, instead: "listing the \(ShowFormatting.source(listing.source))")
            ProcessExit.now(listing.items.isEmpty ? 1 : 0)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        default:
            DiscoverApp.fail("could not load the list", status: 1)
        }
    }

    /// The text of a page (as a listing of that page alone).
    static func render(_ page: PagedResult<TVShow>, json: Bool, ascii: Bool) -> String {
        render(Listing(items: page.items, source: page.source, isPartial: page.hasMore && !isSnapshot(page.source)), json: json, ascii: ascii)
    }

    /// The text of a listing: a header line naming the source (and saying `first N` when more
    /// pages exist that were not read), then one line a show in fixed columns; or a header line
    /// and one tab-separated line a show (`tsv`).
    static func render(_ listing: Listing<TVShow>, json: Bool, tsv: Bool = false, ascii: Bool) -> String {
        // JSON is UTF-8 whatever the locale (RFC 8259 §8.1), so names keep their letters in it;
        // only `--ascii` asks for ASCII there.
        let text = CellText(repertoire: ascii || (!json && !LocaleInfo.isUTF8) ? .ascii : .unicode)
        let source = ShowFormatting.source(listing.source)
        let shows = listing.items.sorted(by: TVShow.ranksAbove)
        if json {
            // The values as the source sent them: JSONLine escapes what a terminal would act on.
            let lines: [String] = shows.enumerated().compactMap { index, show in
                let line = JSONShow(
                    rank: index + 1, id: show.id, name: show.name, years: ShowFormatting.years(show),
                    genres: show.genres, rating: show.rating, network: show.broadcaster.map(\.name), source: source
                )
                return JSONLine.encode(line, asciiOnly: ascii)
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let table = showTable(shows, source: source)
        if tsv { return table.tabSeparated(text) }
        let count = listing.isPartial ? "first \(shows.count)" : "\(shows.count)"
        let header = "# \(count) popular \(shows.count == 1 ? "show" : "shows"), \(source). \(ShowFormatting.credit(for: listing.source))\n"
        return header + table.columnsText(text)
    }

    /// Shows as a list in columns: rank, name, years, rating, genres, network (and, tab-separated
    /// only, the source, as the JSON lines give it).
    /// - Parameters:
    ///   - shows: the shows, in the order to list them.
    ///   - source: the source's name, for example `TVmaze live`.
    ///   - closeFrom: the index of the first close match of a search (a `closeMatch` column);
    ///     nil for a listing.
    static func showTable(_ shows: [TVShow], source: String, closeFrom: Int? = nil) -> PlainTable {
        var columns: [PlainTable.Column] = [
            .init(name: "rank", cap: 6, alignRight: true), .init(name: "name", cap: 40), .init(name: "years", cap: 10),
            .init(name: "rating", cap: 4, alignRight: true), .init(name: "genres", cap: 28), .init(name: "network", cap: 30),
            .init(name: "source", cap: 40, onlyTabSeparated: true)
        ]
        if closeFrom != nil { columns.append(.init(name: "closeMatch", cap: 5, onlyTabSeparated: true)) }
        var table = PlainTable(columns: columns)
        for (index, show) in shows.enumerated() {
            table.append([
                String(index + 1), ShowFormatting.name(show).text, ShowFormatting.years(show), show.rating.map(ShowFormatting.rating),
                show.genres.isEmpty ? nil : show.genres.joined(separator: ", "), show.broadcaster?.name, source,
                closeFrom.map { index >= $0 ? "true" : "false" }
            ])
        }
        return table
    }

    /// One JSON line of a place.
    struct JSONPOI: Encodable {
        let rank: Int
        let id: String
        let name: String
        let category: String
        let distance: String
        let distanceMeters: Int
        let bearing: String
        let latitude: Double
        let longitude: Double
        let address: [String]
        let source: String
        /// The whole web address (the screen shortens it), when the place gives one.
        var website: String? = nil
        /// The opening hours as written, when given.
        var openingHours: String? = nil
    }

    /// Loads the places around the start (every page of a snapshot, the first page of a live
    /// source), prints them and exits: 0 on success, 1 when the source failed or standard
    /// output cannot be written, 141 when its reader went away. When `auto` gave up live
    /// sources, standard error says why once the listing is written (`discover-tui: Geoapify key
    /// rejected; Overpass unreachable; listing the offline snapshot 2025-12-04`).
    /// - Parameters:
    ///   - places: the places sources, units and start.
    ///   - json: JSON lines instead of text.
    ///   - tsv: tab-separated values instead of fixed columns.
    ///   - ascii: ASCII only.
    static func runPOIs(_ places: POIsDependencies, json: Bool, tsv: Bool = false, ascii: Bool) async -> Never {
        let worker = places.worker, start = places.start, fallbackReasons = places.fallbackReasons
        let result = await Caught.result {
            let listing = try await collect(id: \POI.id) {
                try await worker.nearbyPOIs(near: start.center, radiusMeters: start.radiusMeters, category: start.category, page: $0)
            }
            return (listing, await fallbackReasons())
        }
        switch result {
        case .success(let (listing, reasons)):
            StandardStreams.output(render(listing, start: start, units: places.units, json: json, tsv: tsv, ascii: ascii))
            FallbackNotice.say(reasons, instead: "listing the \(ShowFormatting.source(listing.source))")
            ProcessExit.now(listing.items.isEmpty ? 1 : 0)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        default:
            DiscoverApp.fail("could not load the places", status: 1)
        }
    }

    /// The text of a page of places (as a listing of that page alone).
    static func render(_ page: PagedResult<POI>, start: NearbyPOIs.Start, units: NearbyPOIs.Units, json: Bool, ascii: Bool) -> String {
        let listing = Listing(items: page.items, source: page.source, isPartial: page.hasMore && !isSnapshot(page.source))
        return render(listing, start: start, units: units, json: json, ascii: ascii)
    }

    /// The text of a listing of places: a header line (where, how far, how many, `first page
    /// only` when more pages exist that were not read, the source and its credit), then one
    /// line a place in fixed columns (or tab-separated, `tsv`), nearest first, formatted by the
    /// NearbyPOIs Presenter without key hints (nobody can press a key at a pipe).
    static func render(
        _ listing: Listing<POI>, start: NearbyPOIs.Start, units: NearbyPOIs.Units, json: Bool, tsv: Bool = false, ascii: Bool
    ) -> String {
        // JSON is UTF-8 whatever the locale (RFC 8259 §8.1), so names keep their letters in it;
        // only `--ascii` asks for ASCII there.
        let text = CellText(repertoire: ascii || (!json && !LocaleInfo.isUTF8) ? .ascii : .unicode)
        let places = listing.items.map { NearbyPlacesList.place($0, from: start.center) }.sorted { POI.isNearer($0.poi, $1.poi) }
        var response = NearbyPOIs.LoadPOIs.Response(
            places: places, totalCount: places.count, query: "", center: start.center, city: start.city,
            defaultAreaName: start.defaultAreaName, snapshotAreaNames: start.snapshotAreaNames, radiusMeters: start.radiusMeters, category: start.category,
            source: listing.source, fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: listing.isPartial, error: nil
        )
        response.snapshotAreas = start.snapshotAreas
        let vm = NearbyPOIsPresenter.viewModel(for: response, units: units, now: Int64(Date().timeIntervalSince1970), keyHints: false)
        if json {
            // The values as the source sent them: JSONLine escapes what a terminal would act on.
            let lines: [String] = zip(places, vm.rows).enumerated().compactMap { index, pair in
                let (place, row) = pair
                let line = JSONPOI(
                    rank: index + 1, id: row.id, name: row.name, category: row.category,
                    distance: row.distance, distanceMeters: Int(place.distanceMeters.rounded()), bearing: row.compass,
                    latitude: place.poi.coordinate.latitude, longitude: place.poi.coordinate.longitude,
                    address: place.poi.addressLines, source: vm.sourceLabel,
                    website: place.poi.website, openingHours: place.poi.openingHours
                )
                return JSONLine.encode(line, asciiOnly: ascii)
            }
            return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        }
        var table = PlainTable(columns: [
            .init(name: "rank", cap: 6, alignRight: true), .init(name: "name", cap: 40), .init(name: "category", cap: 20),
            .init(name: "distance", cap: 10, alignRight: true), .init(name: "bearing", cap: 3), .init(name: "source", cap: 40, onlyTabSeparated: true)
        ])
        for (index, row) in vm.rows.enumerated() {
            table.append([String(index + 1), row.name, row.category, row.distance, row.compass, vm.sourceLabel])
        }
        if tsv { return table.tabSeparated(text) }
        let partial = listing.isPartial ? " (first page only)" : ""
        var out = text.sanitize("# \(vm.summary)\(partial), \(vm.sourceLabel). \(vm.attribution)") + "\n"
        if let name = start.ambiguousCityName, start.cityCandidates.count > 1 {
            out += text.sanitize("# \(start.cityCandidates.count) cities match '\(name)': the most populous is shown; use --near LAT,LON for another") + "\n"
        }
        if vm.rows.isEmpty, let message = vm.emptyMessage {
            out += text.sanitize("# " + message) + "\n"
        }
        return out + table.columnsText(text)
    }
}
