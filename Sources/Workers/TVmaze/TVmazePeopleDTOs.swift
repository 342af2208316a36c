import FoundationEssentials

extension TVmazeDTO {
    /// A person, as in `/people/{id}` and the `person` of `/search/people?q=` hits
    /// (https://www.tvmaze.com/api#people). Answers of 2017 carry only id, name and links.
    struct Person: Decodable {
        let id: Int
        let name: String?
        let country: Country?
        let birthday: String?
        let deathday: String?
        let gender: String?
        enum CodingKeys: String, CodingKey { case id, name, country, birthday, deathday, gender }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "person without id"))
            }
            self.id = id
            name = c.lenientText(.name)
            country = c.lenient(Country.self, .country)
            birthday = c.lenientText(.birthday)
            deathday = c.lenientText(.deathday)
            gender = c.lenientText(.gender)
        }
    }

    /// One hit of `/search/people?q=`: `{"score": 0.9, "person": {…}}`.
    struct PersonHit: Decodable {
        let person: Person?
        enum CodingKeys: String, CodingKey { case person }
        init(from decoder: Decoder) throws {
            person = try decoder.container(keyedBy: CodingKeys.self).lenient(Person.self, .person)
        }
    }

    /// `_links.show.href` and `_links.character.href` of a credit.
    struct CreditLinks: Decodable {
        struct Link: Decodable {
            let href: String?
            enum CodingKeys: String, CodingKey { case href }
            init(from decoder: Decoder) throws {
                href = try decoder.container(keyedBy: CodingKeys.self).lenientText(.href)
            }
        }
        let show: Link?
        enum CodingKeys: String, CodingKey { case show }
        init(from decoder: Decoder) throws {
            show = try decoder.container(keyedBy: CodingKeys.self).lenient(Link.self, .show)
        }

        /// The show's id from its link (`…/shows/143`), if the link is there.
        var showID: Int? {
            guard let href = show?.href else { return nil }
            let parts = href.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[parts.count - 2] == "shows" else { return nil }
            return Int(parts[parts.count - 1])
        }
    }

    /// `_embedded` of a credit with `embed=show` (and `embed[]=character`).
    struct CreditEmbedded: Decodable {
        let show: Show?
        let character: CastCredit.Named?
        enum CodingKeys: String, CodingKey { case show, character }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            show = c.lenient(Show.self, .show)
            character = c.lenient(CastCredit.Named.self, .character)
        }
    }

    /// An element of `/people/{id}/castcredits?embed=show` or `/people/{id}/crewcredits?embed=show`:
    /// a crew credit has its job in `type`; a cast credit may say `voice`.
    struct PersonCredit: Decodable {
        let links: CreditLinks?
        let embedded: CreditEmbedded?
        let type: String?
        let voice: Bool
        enum CodingKeys: String, CodingKey { case type, voice, links = "_links", embedded = "_embedded" }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            links = c.lenient(CreditLinks.self, .links)
            embedded = c.lenient(CreditEmbedded.self, .embedded)
            type = c.lenientText(.type)
            voice = c.lenient(Bool.self, .voice) ?? false
        }
    }
}
