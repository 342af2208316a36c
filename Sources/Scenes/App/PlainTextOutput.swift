import Domain
import Foundation
import Terminal
import Workers

/// The listing printed when standard output is not a terminal: one show a line as aligned
/// text, or JSON lines with `--json`. Never writes an escape sequence.
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
    }

    /// Loads the first page, prints it and exits: 0 on success, 1 when the source failed.
    /// - Parameters:
    ///   - worker: the TV source.
    ///   - json: JSON lines instead of text.
    ///   - ascii: ASCII only.
    static func run(worker: any TVShowsWorking, json: Bool, ascii: Bool) -> Never {
        switch PlacesComposition.wait({ try await worker.popularShows(page: 0) }) {
        case .success(let page):
            FileHandle.standardOutput.write(Data(render(page, json: json, ascii: ascii).utf8))
            ProcessExit.now(0)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        default:
            DiscoverApp.fail("could not load the list", status: 1)
        }
    }

    /// The text of a page: a header line naming the source, then one aligned line a show.
    static func render(_ page: PagedResult<TVShow>, json: Bool, ascii: Bool) -> String {
        let text = CellText(repertoire: ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let source = ShowFormatting.source(page.source)
        let shows = page.items.sorted(by: TVShow.ranksAbove)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let lines: [String] = shows.enumerated().compactMap { index, show in
                let line = JSONShow(
                    rank: index + 1, id: show.id, name: text.sanitize(show.name), years: ShowFormatting.years(show),
                    genres: show.genres.map(text.sanitize), rating: show.rating, network: show.broadcaster.map { text.sanitize($0.name) }, source: source
                )
                return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) }
            }
            return lines.joined(separator: "\n") + "\n"
        }
        var out = "# \(shows.count) popular shows, \(source). Data from TVmaze.com (CC BY-SA 4.0)\n"
        let rankWidth = String(shows.count).count
        for (index, show) in shows.enumerated() {
            let name = ShowFormatting.name(show).text
            let fields = [
                text.fixed(String(index + 1), cells: rankWidth, alignRight: true),
                text.fixed(name, cells: 40),
                text.fixed(ShowFormatting.years(show), cells: 9),
                text.fixed(ShowFormatting.rating(show.rating), cells: 4, alignRight: true),
                text.fixed(show.genres.joined(separator: ", "), cells: 28),
                text.sanitize(show.broadcaster?.name ?? ShowFormatting.missing),
            ]
            var line = fields.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// One JSON line of a place.
    struct JSONPlace: Encodable {
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
    }

    /// Loads the first page of places around the start, prints it and exits: 0 on success,
    /// 1 when the source failed.
    /// - Parameters:
    ///   - places: the places sources, units and start.
    ///   - json: JSON lines instead of text.
    ///   - ascii: ASCII only.
    static func runPlaces(_ places: PlacesDependencies, json: Bool, ascii: Bool) -> Never {
        let worker = places.worker, start = places.start
        let result = PlacesComposition.wait {
            try await worker.nearbyPlaces(near: start.center, radiusMeters: start.radiusMeters, category: start.category, page: 0)
        }
        switch result {
        case .success(let page):
            FileHandle.standardOutput.write(Data(render(page, start: start, units: places.units, json: json, ascii: ascii).utf8))
            exit(0)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        default:
            DiscoverApp.fail("could not load the places", status: 1)
        }
    }

    /// The text of a page of places: a header line (where, how far, the source and its
    /// credit), then one aligned line a place, nearest first, formatted by the NearbyPOIs
    /// Presenter.
    static func render(_ page: PagedResult<POI>, start: NearbyPOIs.Start, units: NearbyPOIs.Units, json: Bool, ascii: Bool) -> String {
        let text = CellText(repertoire: ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let places = page.items.map { NearbyPOIsInteractor.place($0, from: start.center) }.sorted { POI.isNearer($0.poi, $1.poi) }
        let response = NearbyPOIs.LoadPlaces.Response(
            places: places, totalCount: places.count, query: "", center: start.center, city: start.city,
            defaultAreaName: start.defaultAreaName, snapshotAreaNames: start.snapshotAreaNames, radiusMeters: start.radiusMeters, category: start.category,
            source: page.source, fallbackReason: nil, isLoading: false, isLoadingMore: false, hasMore: page.hasMore, error: nil
        )
        let vm = NearbyPOIsPresenter.viewModel(for: response, units: units)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let lines: [String] = zip(places, vm.rows).enumerated().compactMap { index, pair in
                let (place, row) = pair
                let line = JSONPlace(
                    rank: index + 1, id: text.sanitize(row.id), name: text.sanitize(row.name), category: text.sanitize(row.category),
                    distance: row.distance, distanceMeters: Int(place.distanceMeters.rounded()), bearing: row.compass,
                    latitude: place.poi.coordinate.latitude, longitude: place.poi.coordinate.longitude,
                    address: place.poi.addressLines.map(text.sanitize), source: vm.sourceLabel
                )
                return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) }
            }
            return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        }
        var out = text.sanitize("# \(vm.summary), \(vm.sourceLabel). \(vm.attribution)") + "\n"
        if let name = start.ambiguousCityName, start.cityCandidates.count > 1 {
            out += text.sanitize("# \(start.cityCandidates.count) cities match '\(name)': the most populous is shown; use --near LAT,LON for another") + "\n"
        }
        if vm.rows.isEmpty, let message = vm.emptyMessage {
            out += text.sanitize("# " + message) + "\n"
        }
        let rankWidth = String(vm.rows.count).count
        for (index, row) in vm.rows.enumerated() {
            let fields = [
                text.fixed(String(index + 1), cells: rankWidth, alignRight: true),
                text.fixed(row.name, cells: 40),
                text.fixed(row.category, cells: 14),
                text.fixed(row.distance, cells: 8, alignRight: true),
                row.compass,
            ]
            var line = fields.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
