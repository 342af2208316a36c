/// Where a show can be watched in one country, grouped as JustWatch groups it (through TMDB's
/// `/3/tv/{id}/watch/providers`). The data is JustWatch's: every screen and output that shows it
/// says `attribution` beside it (TMDB's terms require it).
public struct WatchProviders: Sendable, Hashable {
    /// How a service offers the show.
    public enum Offer: String, Sendable, Hashable, CaseIterable {
        /// With a subscription (TMDB `flatrate`).
        case stream = "Stream"
        /// Free (TMDB `free`).
        case free = "Free"
        /// Free with ads (TMDB `ads`).
        case ads = "Ads"
        /// To rent (TMDB `rent`).
        case rent = "Rent"
        /// To buy (TMDB `buy`).
        case buy = "Buy"
    }

    /// The ISO 3166-1 alpha-2 country, for example `GB`.
    public let countryCode: String
    /// The services of each offer, in this order: Stream, Free, Ads, Rent, Buy; an offer
    /// without a service is left out. Names in JustWatch's display order.
    public let groups: [(offer: Offer, services: [String])]
    /// TMDB's watch page for the show in that country, when given.
    public let link: String?
    /// Where this came from.
    public let source: DataSource

    /// The attribution JustWatch's data needs wherever it is shown.
    public static let attribution = "data from JustWatch"

    /// Makes the providers of a country.
    /// - Parameters: one per property.
    public init(countryCode: String, groups: [(offer: Offer, services: [String])], link: String?, source: DataSource) {
        self.countryCode = countryCode
        self.groups = groups
        self.link = link
        self.source = source
    }

    public static func == (lhs: WatchProviders, rhs: WatchProviders) -> Bool {
        lhs.countryCode == rhs.countryCode && lhs.link == rhs.link && lhs.source == rhs.source
            && lhs.groups.map(\.offer) == rhs.groups.map(\.offer) && lhs.groups.map(\.services) == rhs.groups.map(\.services)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(countryCode)
        hasher.combine(link)
        for group in groups {
            hasher.combine(group.offer)
            hasher.combine(group.services)
        }
    }
}
