extension TVmazeDTO.Show {
    /// A show from fields already read (by `ShowArrayScanner`).
    init(id: Int, name: String?, type: String?, language: String?, genres: [String], status: String?, runtime: Int?,
         averageRuntime: Int?, premiered: String?, ended: String?, officialSite: String?, schedule: TVmazeDTO.Schedule?,
         rating: Double?, weight: Int?, network: TVmazeDTO.Channel?, webChannel: TVmazeDTO.Channel?, summary: String?,
         updated: Int?, embedded: TVmazeDTO.Embedded?) {
        self.id = id
        self.name = name
        self.type = type
        self.language = language
        self.genres = genres
        self.status = status
        self.runtime = runtime
        self.averageRuntime = averageRuntime
        self.premiered = premiered
        self.ended = ended
        self.officialSite = officialSite
        self.schedule = schedule
        self.rating = rating
        self.weight = weight
        self.network = network
        self.webChannel = webChannel
        self.summary = summary
        self.updated = updated
        self.embedded = embedded
    }
}

extension TVmazeDTO.Schedule {
    init(time: String?, days: [String]) {
        self.time = time
        self.days = days
    }
}

extension TVmazeDTO.Channel {
    init(name: String?, country: TVmazeDTO.Country?) {
        self.name = name
        self.country = country
    }
}

extension TVmazeDTO.Country {
    init(name: String?, code: String?, timezone: String? = nil) {
        self.name = name
        self.code = code
        self.timezone = timezone
    }
}
