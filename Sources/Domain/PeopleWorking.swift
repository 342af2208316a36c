/// What the Person scene needs from a source of people (TVmaze, TMDB, the snapshot).
///
/// Implementations are `Sendable`; each call may suspend on I/O and honours cancellation.
public protocol PeopleWorking: Sendable {
    /// A person and their credits.
    /// - Parameter reference: the person's id (and name, for a snapshot).
    /// - Returns: the person; nil when the source knows no such person.
    /// - Throws: `SourceError` when the source cannot answer.
    func person(_ reference: PersonReference) async throws -> Person?

    /// The person a name means, as the provider resolves it (TVmaze `/search/people?q=`, TMDB
    /// `/3/search/person?query=`, its first hit), with their credits.
    /// - Parameter name: the name as typed.
    /// - Returns: nil when the source knows no such person.
    /// - Throws: `SourceError` when the source cannot answer.
    func personNamed(_ name: String) async throws -> Person?
}
