import FoundationEssentials

extension SnapshotDTO {
    /// A line of `people_compact.json`: one recorded TVmaze person (`/people/{id}`) with the
    /// shows of their recorded castcredits, each by id and, when the credit embedded it, its record.
    struct PersonRecord: Decodable {
        struct Credit: Decodable {
            let show: Int
            let record: TVmazeDTO.Show?
            let voice: Bool
            enum CodingKeys: String, CodingKey { case show, record, voice }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                show = try c.decode(Int.self, forKey: .show)
                record = c.lenient(TVmazeDTO.Show.self, .record)
                voice = c.lenient(Bool.self, .voice) ?? false
            }
        }
        let person: Int
        let recorded: String?
        let name: String?
        let country: String?
        let birthday: String?
        let deathday: String?
        let gender: String?
        let credits: [Credit]
        enum CodingKeys: String, CodingKey { case person, recorded, name, country, birthday, deathday, gender, credits }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            person = try c.decode(Int.self, forKey: .person)
            recorded = c.lenientText(.recorded)
            name = c.lenientText(.name)
            country = c.lenientText(.country)
            birthday = c.lenientText(.birthday)
            deathday = c.lenientText(.deathday)
            gender = c.lenientText(.gender)
            credits = try c.decode(LossyArray<Credit>.self, forKey: .credits).elements
        }
    }
}
