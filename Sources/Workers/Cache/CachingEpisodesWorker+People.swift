import Domain

extension CachingEpisodesWorker: PeopleWorking where Live: PeopleWorking {
    /// Fresh, else kept (as a show's details are); see `PeopleWorking.person(_:)`.
    public func person(_ reference: PersonReference) async throws -> Person? {
        try await freshElseKept({ try await $0.person(reference) }, relabel: Self.relabel)
    }

    /// Fresh, else kept; see `PeopleWorking.personNamed(_:)`.
    public func personNamed(_ name: String) async throws -> Person? {
        try await freshElseKept({ try await $0.personNamed(name) }, relabel: Self.relabel)
    }

    private static func relabel(_ person: Person?, _ source: DataSource) -> Person? {
        person.map {
            Person(
                id: $0.id, name: $0.name, country: $0.country, birthday: $0.birthday, deathday: $0.deathday, gender: $0.gender,
                credits: $0.credits, source: source, coverage: $0.coverage)
        }
    }
}
