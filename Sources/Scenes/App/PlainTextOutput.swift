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
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task.detached {
            do {
                box.result = .success(try await worker.popularShows(page: 0))
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        switch box.result {
        case .success(let page):
            FileHandle.standardOutput.write(Data(render(page, json: json, ascii: ascii).utf8))
            exit(0)
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
}

/// Carries a result from a task to a thread waiting on a semaphore.
private final class ResultBox: @unchecked Sendable {
    // Written once by the task before the semaphore is signalled, read after the wait.
    var result: Result<PagedResult<TVShow>, Error> = .failure(CancellationError())
}
