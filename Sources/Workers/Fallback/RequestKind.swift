/// What a request asks a source for, as the fallback rule tells requests apart.
public enum RequestKind: String, Sendable, CaseIterable {
    /// A page of a shows list ("Popular now", "All shows").
    case listPage = "list page"
    /// One show's details.
    case details
    /// One show's cast (TVmaze embeds it in the details).
    case cast
    /// One show's seasons (TVmaze embeds them in the details).
    case seasons
    /// One show's episode list, or its next and previous episode.
    case episodes
    /// A day's schedule (broadcast or streaming).
    case schedule
    /// The provider's search of its whole catalogue, or the show a name means.
    case search
    /// A page of places around a point.
    case places
    /// A city search by name.
    case cities
}
