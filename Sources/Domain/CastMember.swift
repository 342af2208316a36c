/// One person in a show's cast.
public struct CastMember: Sendable, Hashable {
    /// The performer's name.
    public let personName: String
    /// The character played, when known.
    public let characterName: String?
    /// True when the part is a voice role.
    public let isVoice: Bool
    /// The person's id at the provider the cast came from (TVmaze's `person.id`, TMDB's
    /// credit `id`); nil when the source did not record it.
    public let personID: Int?

    /// Makes a cast member.
    /// - Parameters:
    ///   - personName: the performer's name.
    ///   - characterName: the character, if known.
    ///   - isVoice: whether it is a voice role.
    ///   - personID: the person's id at the cast's provider, if known.
    public init(personName: String, characterName: String?, isVoice: Bool = false, personID: Int? = nil) {
        self.personName = personName
        self.characterName = characterName
        self.isVoice = isVoice
        self.personID = personID
    }
}
