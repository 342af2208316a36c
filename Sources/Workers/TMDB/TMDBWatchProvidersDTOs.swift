import FoundationEssentials

extension TMDBDTO {
    /// `GET /3/tv/{id}/watch/providers`: `results` by country code, each with its `link` and
    /// the services of each offer (https://developer.themoviedb.org/reference/tv-series-watch-providers).
    struct WatchProviders: Decodable {
        struct Service: Decodable {
            let name: String?
            let priority: Int?
            enum CodingKeys: String, CodingKey {
                case name = "provider_name"
                case priority = "display_priority"
            }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                name = c.lenientText(.name)
                priority = c.lenientInt(.priority)
            }
        }
        struct Country: Decodable {
            let link: String?
            let flatrate: [Service]
            let free: [Service]
            let ads: [Service]
            let rent: [Service]
            let buy: [Service]
            enum CodingKeys: String, CodingKey { case link, flatrate, free, ads, rent, buy }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                link = c.lenientText(.link)
                func list(_ key: CodingKeys) -> [Service] { c.lenient(LossyArray<Service>.self, key)?.elements ?? [] }
                flatrate = list(.flatrate)
                free = list(.free)
                ads = list(.ads)
                rent = list(.rent)
                buy = list(.buy)
            }
        }
        let results: [String: Country]
        enum CodingKeys: String, CodingKey { case results }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            results = c.lenient([String: Country].self, .results) ?? [:]
        }
    }
}
