import Domain
import FoundationEssentials

/// People offline, from the embedded snapshot: every recorded cast a person is in (a person
/// in several recorded casts links those shows), with the recorded castcredits of the people
/// recorded on their own (`people_compact.json`). The credits cover only what was recorded,
/// and `Person.coverage` says so ("from the shows recorded in this snapshot").
///
/// A TVmaze cast names its people by TVmaze id; TMDB's recorded credits name them only, so a
/// person is found by id or, failing that, by name (case and accents aside).
public struct SnapshotPeopleWorker: PeopleWorking {
    /// What the credits of a person from the snapshot cover.
    public static let coverage = "from the shows recorded in this snapshot"
    static let peopleFile = "people_compact.json"
    private let catalog: @Sendable () async throws -> ShowCatalog

    /// Makes a worker.
    /// - Parameter catalog: the snapshot's catalogue, whose records the credits' shows are.
    public init(catalog: @escaping @Sendable () async throws -> ShowCatalog) {
        self.catalog = catalog
    }

    /// The person's recorded credits; see `PeopleWorking.person(_:)`.
    /// - Returns: nil when no recorded cast or person names them.
    /// - Throws: `SourceError.badData` when an embedded file cannot be read (a build fault).
    public func person(_ reference: PersonReference) async throws -> Person? {
        try find(in: try await catalog()) { member, id in
            if let wanted = reference.id, let id { return wanted == id }
            return SearchFolding.fold(member) == SearchFolding.fold(reference.name)
        }
    }

    /// The recorded person of that name (case and accents aside); see `PeopleWorking.personNamed(_:)`.
    public func personNamed(_ name: String) async throws -> Person? {
        let wanted = SearchFolding.fold(name)
        guard !wanted.isEmpty else { return nil }
        return try find(in: try await catalog()) { member, _ in SearchFolding.fold(member) == wanted }
    }

    /// The person every recorded cast line and person record `matches` (name, TVmaze id) gives.
    private func find(in catalog: ShowCatalog, _ matches: (String, Int?) -> Bool) throws -> Person? {
        var byID: [Int: TVShow] = [:]
        for show in catalog.shows { byID[show.id] = show }
        var credits: [PersonCredit] = []
        var seen = Set<Int>()
        var id: Int?
        var name: String?
        var record: SnapshotDTO.PersonRecord?
        for line in try SnapshotEpisodesWorker.lines(of: Self.peopleFile) {
            let person = try ProviderResponse.decode(SnapshotDTO.PersonRecord.self, from: line, provider: ShowCatalog.embeddedProvider)
            if matches(person.name ?? "", person.person) { record = person; break }
        }
        for line in try SnapshotEpisodesWorker.lines(of: SnapshotEpisodesWorker.castsFile) {
            let list = try ProviderResponse.decode(SnapshotDTO.CastList.self, from: line, provider: ShowCatalog.embeddedProvider)
            for member in list.cast {
                guard let memberName = member.person?.name, matches(memberName, member.person?.id) else { continue }
                // One recorded person is one person: a name alone matches only them.
                if let known = record?.person ?? id, let other = member.person?.id, other != known { continue }
                id = id ?? member.person?.id
                name = name ?? HTMLText.decodingEntities(memberName)
                guard let show = byID[list.show], seen.insert(list.show).inserted else { continue }
                credits.append(PersonCredit(show: show, kind: .cast, character: member.character?.name.map(HTMLText.decodingEntities), isVoice: member.voice))
            }
        }
        for credit in record?.credits ?? [] where seen.insert(credit.show).inserted {
            if let show = byID[credit.show] ?? credit.record.map({ TVmazeMapper.show($0) }) {
                credits.append(PersonCredit(show: show, kind: .cast, isVoice: credit.voice))
            } else {
                credits.append(PersonCredit(show: TVShow(id: credit.show, name: ""), kind: .cast, isVoice: credit.voice, showIsKnown: false))
            }
        }
        guard record != nil || !credits.isEmpty else { return nil }
        return Person(
            id: record?.person ?? id, name: record?.name.map(HTMLText.decodingEntities) ?? name ?? "",
            country: record?.country, birthday: record?.birthday.flatMap(CalendarDate.init(iso:)),
            deathday: record?.deathday.flatMap(CalendarDate.init(iso:)), gender: record?.gender,
            credits: credits, source: catalog.source, coverage: Self.coverage
        )
    }
}
