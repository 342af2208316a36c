/// One person in a show's cast.
public struct CastMember: Sendable, Hashable {
    /// The performer's name.
    public let personName: String
    /// The character played, when known.
    public let characterName: String?
    /// True when the part is a voice role.
    public let isVoice: Bool

    /// Makes a cast member.
    /// - Parameters:
    ///   - personName: the performer's name.
    ///   - characterName: the character, if known.
    ///   - isVoice: whether it is a voice role.
    public init(personName: String, characterName: String?, isVoice: Bool = false) {
        self.personName = personName
        self.characterName = characterName
        self.isVoice = isVoice
    }
}
