import Domain

/// "Where to watch" in `discover-tui show ID --json`: the country, the services of each offer
/// (JustWatch's data, through TMDB), TMDB's watch page and the attribution JustWatch needs.
struct JSONWatch: Encodable {
    let country: String
    let attribution: String
    let link: String?
    let stream: [String]
    let free: [String]
    let ads: [String]
    let rent: [String]
    let buy: [String]

    /// The providers as JSON, or nil when none were asked for (no TMDB key).
    /// - Parameters:
    ///   - watch: the providers, nil when TMDB lists none for the country.
    ///   - country: the country asked, nil when none was.
    init?(_ watch: WatchProviders?, country: String?) {
        guard let country = watch?.countryCode ?? country else { return nil }
        func services(_ offer: WatchProviders.Offer) -> [String] { watch?.groups.first { $0.offer == offer }?.services ?? [] }
        self.country = country
        attribution = WatchProviders.attribution
        link = watch?.link
        stream = services(.stream)
        free = services(.free)
        ads = services(.ads)
        rent = services(.rent)
        buy = services(.buy)
    }
}
