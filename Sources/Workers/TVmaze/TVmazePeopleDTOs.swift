import FoundationEssentials

extension TVmazeDTO {
    /// A person, as in `/people/{id}` and the `person` of `/search/people?q=` hits
    /// (https://www.tvmaze.com/api#people). Answers of 2017 carry only id, name and links.
    struct Person: Decodable {
        @JSONField.ID var id: Int
        @JSONField.Text var name: String?
        @JSONField.Value var country: Country?
        @JSONField.Text var birthday: String?
        @JSONField.Text var deathday: String?
        @JSONField.Text var gender: String?
        @JSONField.Value var image: Image?
        enum CodingKeys: String, CodingKey { case id, name, country, birthday, deathday, gender, image }
    }

    /// One hit of `/search/people?q=`: `{"score": 0.9, "person": {…}}`.
    struct PersonHit: Decodable {
        @JSONField.Value var person: Person?
        enum CodingKeys: String, CodingKey { case person }
    }

    /// `_links.show.href` and `_links.character.href` of a credit.
    struct CreditLinks: Decodable {
        struct Link: Decodable {
            @JSONField.Text var href: String?
            enum CodingKeys: String, CodingKey { case href }
        }
        @JSONField.Value var show: Link?
        enum CodingKeys: String, CodingKey { case show }

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
        @JSONField.Value var show: Show?
        @JSONField.Value var character: CastCredit.Named?
        enum CodingKeys: String, CodingKey { case show, character }
    }

    /// An element of `/people/{id}/castcredits?embed=show` or `/people/{id}/crewcredits?embed=show`:
    /// a crew credit has its job in `type`; a cast credit may say `voice`.
    struct PersonCredit: Decodable {
        @JSONField.Value var links: CreditLinks?
        @JSONField.Value var embedded: CreditEmbedded?
        @JSONField.Text var type: String?
        @JSONField.Flag var voice: Bool
        enum CodingKeys: String, CodingKey { case type, voice, links = "_links", embedded = "_embedded" }
    }
}
