/// A person who plays in or makes shows, with the shows they are credited on.
///
/// Every field but `name` may be missing in the source (TVmaze's 2017 answers carry no country,
/// birthday or gender); a missing field is nil, never a made-up value.
public struct Person: Sendable, Hashable {
    /// The person's id at `source`'s provider; nil for a person known only by name (a snapshot
    /// cast recorded without ids).
    public let id: Int?
    /// The person's name as plain text.
    public let name: String
    /// The country they come from (TVmaze `country.name`) or where they were born (TMDB
    /// `place_of_birth`), in English.
    public let country: String?
    /// The day they were born.
    public let birthday: CalendarDate?
    /// The day they died.
    public let deathday: CalendarDate?
    /// The gender as the source words it ("Male", "Female", "Non-binary").
    public let gender: String?
    /// The shows they are credited on, in the source's order (the scene sorts them).
    public let credits: [PersonCredit]
    /// Where this came from.
    public let source: DataSource
    /// What the credits cover when not all of the person's work: for a snapshot, "from the
    /// shows recorded in this snapshot"; nil for a provider's whole list.
    public let coverage: String?

    /// Makes a person.
    /// - Parameters: one per property; see each property.
    public init(id: Int?, name: String, country: String? = nil, birthday: CalendarDate? = nil, deathday: CalendarDate? = nil,
                gender: String? = nil, credits: [PersonCredit], source: DataSource, coverage: String? = nil) {
        self.id = id
        self.name = name
        self.country = country
        self.birthday = birthday
        self.deathday = deathday
        self.gender = gender
        self.credits = credits
        self.source = source
        self.coverage = coverage
    }
}

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
    public init(show: TVShow, kind: Kind, character: String? = nil, role: String? = nil, isVoice: Bool = false,
                episodeCount: Int? = nil, showIsKnown: Bool = true) {
        self.show = show
        self.kind = kind
        self.character = character
        self.role = role
        self.isVoice = isVoice
        self.episodeCount = episodeCount
        self.showIsKnown = showIsKnown
    }
}

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
