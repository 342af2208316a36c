import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui person ID|NAME [--json]`: a person and their shows, printed (plain text, or
/// one JSON object with `--json`), as the Person page lists them.
///
/// A number is the person's id at the first live source (TVmaze `/people/{id}`, TMDB
/// `/3/person/{id}`; offline TVmaze's ids, as the snapshot's casts carry); anything else a
/// name (TVmaze `/search/people?q=`, TMDB `/3/search/person`, offline the recorded person of
/// that name). Live answers are kept in the cache like a show's details. In `auto`, a live
/// source that cannot answer gives way to the snapshot's recorded people, said on standard
/// error. Exit 0; 1 with one line on standard error for an unknown person or a failed source.
struct PersonCommand: AsyncCommand {
    /// A number (an id) or a name.
    let target: String
    /// The settings (the source, its base URLs and key, `--json`, `--ascii`).
    let options: AppOptions
    /// The shows' sources: the cache that keeps live answers, and the snapshot, whose recorded
    /// casts serve offline.
    let setup: ShowSetup

    /// Finds the person, prints them and exits.
    func run() async -> Never {
        let target = self.target, options = self.options, cache = setup.cache, snapshot = setup.snapshot
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let catalog: @Sendable () async throws -> ShowCatalog = { try await snapshot.loadedCatalog() }
        let live = PeopleComposition.worker(for: nil, options: options, cache: cache, catalog: catalog)
        let recorded = SnapshotPeopleWorker(catalog: catalog)
        let fallsBack = options.source == .auto && !TVComposition.liveSources(options).isEmpty
        let result = await Caught.result { () -> (Person?, SourceError?) in
            do {
                return (try await Self.find(target, in: live), nil)
            } catch let error as SourceError where fallsBack {
                return (try await Self.find(target, in: recorded), error)
            }
        }
        switch result {
        case .success((let person?, let reason)):
            let model = Self.viewModel(person)
            StandardStreams.output(options.json ? Self.renderJSON(person, model: model, text: text) : Self.renderText(model, text: text, tsv: options.tsv))
            if let reason { await FallbackNotice.say([reason], instead: "showing the \(ShowFormatting.source(person.source))") }
            ProcessExit.now(0)
        case .success((nil, _)):
            let isID = Int(target) != nil
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(isID ? "no person has id \(target) in this source" : "no person named “\(target)” in this source"), status: 1)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        case .failure:
            DiscoverApp.fail("the command was interrupted", status: 1)
        }
    }

    /// The person an id or a name means.
    private static func find(_ target: String, in worker: any PeopleWorking) async throws -> Person? {
        if !target.isEmpty, target.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let id = Int(target) {
            return try await worker.person(PersonReference(id: id, name: ""))
        }
        return try await worker.personNamed(target)
    }

    /// The Person scene's view model of a person (its own formatting, reused).
    @MainActor
    static func viewModel(_ person: Person) -> PersonScene.LoadPerson.ViewModel? {
        final class Capture: PersonDisplayLogic {
            var model: PersonScene.LoadPerson.ViewModel?
            func displayPerson(viewModel: PersonScene.LoadPerson.ViewModel) { model = viewModel }
        }
        let capture = Capture()
        let presenter = PersonPresenter(now: { Int64(Date().timeIntervalSince1970) })
        presenter.viewController = capture
        presenter.presentPerson(
            response: .init(
                reference: PersonReference(id: person.id, name: person.name), person: person,
                isLoading: false, error: nil, order: .newest))
        return capture.model
    }

    /// The person as text: name, facts, what the credits cover, one line a credit in fixed
    /// columns (cast, then crew), then the source with its credit; or (`tsv`) the credits
    /// tab-separated, a header line first.
    static func renderText(_ model: PersonScene.LoadPerson.ViewModel?, text: CellText, tsv: Bool = false) -> String {
        guard let model else { return "" }
        var table = PlainTable(columns: [
            .init(name: "kind", cap: 4), .init(name: "show", cap: 40), .init(name: "part", cap: 32), .init(name: "years", cap: 10),
            .init(name: "rating", cap: 4, alignRight: true)
        ])
        for (index, row) in model.rows.enumerated() {
            table.append([index < model.castCount ? "cast" : "crew", row.show, row.part, row.years, row.rating])
        }
        if tsv { return table.tabSeparated(text) }
        let out = text.sanitize(model.title) + "\n" + text.sanitize(model.facts) + "\n" + text.sanitize(model.coverage) + "\n\n"
        return out + table.columnsText(text) + "\n# \(model.sourceLabel). \(model.credit)\n"
    }

    /// The JSON object of `discover-tui person ID --json`.
    struct JSONPerson: Encodable {
        struct Credit: Encodable {
            let kind: String
            let showId: Int
            let show: String?
            let character: String?
            let role: String?
            let voice: Bool
            let episodes: Int?
            let years: String
            let rating: Double?
            let recorded: Bool
        }
        let id: Int?
        let name: String
        let country: String?
        let birthday: String?
        let deathday: String?
        let gender: String?
        let coverage: String?
        let credits: [Credit]
        let source: String
        let credit: String
    }

    /// One person as one JSON object (one line), credits in the page's order.
    static func renderJSON(_ person: Person, model: PersonScene.LoadPerson.ViewModel?, text: CellText) -> String {
        let ids = person.credits.enumerated().map { PersonPresenter.rowID($0.element, at: $0.offset) }
        let credits = (model?.rows ?? []).compactMap { row in ids.firstIndex(of: row.id).map { person.credits[$0] } }
        let object = JSONPerson(
            id: person.id, name: person.name, country: person.country, birthday: person.birthday?.description,
            deathday: person.deathday?.description, gender: person.gender, coverage: person.coverage,
            credits: credits.map {
                .init(
                    kind: $0.kind == .cast ? "cast" : "crew", showId: $0.show.id, show: $0.showIsKnown ? $0.show.name : nil,
                    character: $0.character, role: $0.role, voice: $0.isVoice, episodes: $0.episodeCount,
                    years: ShowFormatting.years($0.show), rating: $0.show.rating, recorded: $0.showIsKnown)
            },
            source: ShowFormatting.source(person.source), credit: ShowFormatting.credit(for: person.source))
        return JSONLine.encode(object, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" } ?? "{}\n"
    }
}
