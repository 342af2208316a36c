import FoundationEssentials

extension TMDBDTO {
    /// `GET /3/tv/{id}/watch/providers`: `results` by country code, each with its `link` and
    /// the services of each offer (https://developer.themoviedb.org/reference/tv-series-watch-providers).
    struct WatchProviders: Decodable {
        struct Service: Decodable {
            @JSONField.Text var name: String?
            @JSONField.Integer var priority: Int?
            enum CodingKeys: String, CodingKey {
                case name = "provider_name"
                case priority = "display_priority"
            }
        }
        struct Country: Decodable {
            @JSONField.Text var link: String?
            @JSONField.List var flatrate: [Service]
            @JSONField.List var free: [Service]
            @JSONField.List var ads: [Service]
            @JSONField.List var rent: [Service]
            @JSONField.List var buy: [Service]
            enum CodingKeys: String, CodingKey { case link, flatrate, free, ads, rent, buy }
        }
        @JSONField.ValueMap var results: [String: Country]
        enum CodingKeys: String, CodingKey { case results }
    }
}
