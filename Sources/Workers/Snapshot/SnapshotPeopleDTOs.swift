import FoundationEssentials

extension SnapshotDTO {
    /// A line of `people_compact.json`: one recorded TVmaze person (`/people/{id}`) with the
    /// shows of their recorded castcredits, each by id and, when the credit embedded it, its record.
    struct PersonRecord: Decodable {
        struct Credit: Decodable {
            @JSONField.Required var show: Int
            @JSONField.Value var record: TVmazeDTO.Show?
            @JSONField.Flag var voice: Bool
            enum CodingKeys: String, CodingKey { case show, record, voice }
        }
        @JSONField.Required var person: Int
        @JSONField.Text var recorded: String?
        @JSONField.Text var name: String?
        @JSONField.Text var country: String?
        @JSONField.Text var birthday: String?
        @JSONField.Text var deathday: String?
        @JSONField.Text var gender: String?
        @JSONField.RequiredList var credits: [Credit]
        enum CodingKeys: String, CodingKey { case person, recorded, name, country, birthday, deathday, gender, credits }
    }
}
