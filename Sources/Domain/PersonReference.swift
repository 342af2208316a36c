/// How a person is asked for: by id at a provider, with the name as listed (a snapshot finds a
/// person recorded without an id by name).
public struct PersonReference: Sendable, Hashable {
    /// The id at the provider of the list it came from, if known.
    public let id: Int?
    /// The name as listed.
    public let name: String

    /// Makes a reference.
    /// - Parameters:
    ///   - id: the provider's id, if known.
    ///   - name: the name as listed.
    public init(id: Int?, name: String) {
        self.id = id
        self.name = name
    }
}
