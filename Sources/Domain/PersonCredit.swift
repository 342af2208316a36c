/// One show a person is credited on: a part in the cast or a job in the crew.
public struct PersonCredit: Sendable, Hashable {
    /// Cast or crew.
    public enum Kind: Sendable, Hashable {
        /// A part played (TVmaze castcredits, TMDB `tv_credits.cast`).
        case cast
        /// A job behind the camera (TVmaze crewcredits `type`, TMDB `tv_credits.crew` `job`).
        case crew
    }

    /// The show, as its provider lists it (its id is that provider's).
    public let show: TVShow
    /// Cast or crew.
    public let kind: Kind
    /// The character played (cast), when known.
    public let character: String?
    /// The job (crew), for example "Executive Producer".
    public let role: String?
    /// True when the part is a voice role.
    public let isVoice: Bool
    /// How many episodes the credit covers (TMDB `episode_count`), when known.
    public let episodeCount: Int?
    /// False when the source names the show only by id and has no record of it (a recorded
    /// castcredit whose show is not in the snapshot): it cannot be opened.
    public let showIsKnown: Bool

    /// Makes a credit.
    /// - Parameters: one per property; see each property.
    public init(
        show: TVShow, kind: Kind, character: String? = nil, role: String? = nil, isVoice: Bool = false,
        episodeCount: Int? = nil, showIsKnown: Bool = true
    ) {
        self.show = show
        self.kind = kind
        self.character = character
        self.role = role
        self.isVoice = isVoice
        self.episodeCount = episodeCount
        self.showIsKnown = showIsKnown
    }
}
