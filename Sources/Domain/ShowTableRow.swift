/// A row of a `ShowTable` given as bytes and ids, as a snapshot's scanner reads it
/// (`ShowTable.Builder.appendRow(_:)`): the name's and web
/// site's UTF-8 bytes, and ids the builder gave (`wordID(key:kind:make:)` and the like).
public struct ShowTableRow {
    /// The show's id.
    public var id: Int
    /// The name's UTF-8 bytes, read before `appendRow` returns.
    public var name: UnsafeRawBufferPointer
    /// True when every byte of the name is ASCII.
    public var nameIsASCII: Bool
    /// The web site's UTF-8 bytes, nil for none.
    public var officialSite: UnsafeRawBufferPointer?
    /// Ids of the kind, language and status (0 for none).
    public var kind: UInt32, language: UInt32, status: UInt32
    /// Ids of the genre list, schedule and broadcaster (0 for none).
    public var genres: UInt32, schedule: UInt32, broadcaster: UInt32
    /// Minutes, TVmaze's weight, and the first and last day as day numbers (`CivilDays`).
    public var runtime: Int?, weight: Int?, firstDay: Int?, lastDay: Int?
    /// The rating (0–10) and the `updated` stamp (Unix seconds).
    public var rating: Double?, updated: Int?

    /// Makes a row; see the fields.
    public init(
        id: Int, name: UnsafeRawBufferPointer, nameIsASCII: Bool, officialSite: UnsafeRawBufferPointer?, kind: UInt32,
        language: UInt32, status: UInt32, genres: UInt32, schedule: UInt32, broadcaster: UInt32, runtime: Int?,
        weight: Int?, firstDay: Int?, lastDay: Int?, rating: Double?, updated: Int?
    ) {
        self.id = id
        self.name = name
        self.nameIsASCII = nameIsASCII
        self.officialSite = officialSite
        self.kind = kind
        self.language = language
        self.status = status
        self.genres = genres
        self.schedule = schedule
        self.broadcaster = broadcaster
        self.runtime = runtime
        self.weight = weight
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.rating = rating
        self.updated = updated
    }
}
