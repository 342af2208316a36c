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
    /// Their photo (a JPEG's URL, as the source gave it); nil when there is none.
    public var imageURL: String? = nil

    /// Makes a person.
    /// - Parameters: one per property; see each property.
    public init(
        id: Int?, name: String, country: String? = nil, birthday: CalendarDate? = nil, deathday: CalendarDate? = nil,
        gender: String? = nil, credits: [PersonCredit], source: DataSource, coverage: String? = nil
    ) {
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
