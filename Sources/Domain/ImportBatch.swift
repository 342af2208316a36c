/// What a reader found in one or more export files: the records, and the rows it skipped on
/// purpose by reason (`films: 3`), never silently.
public struct ImportBatch: Sendable, Hashable {
    /// The favourites and watched episodes, in file order.
    public var records: [ImportRecord]
    /// Rows left out on purpose, counted by reason (for example `films`).
    public var skipped: [String: Int]

    /// Makes a batch.
    /// - Parameters:
    ///   - records: the records.
    ///   - skipped: the rows left out by reason.
    public init(records: [ImportRecord] = [], skipped: [String: Int] = [:]) {
        self.records = records
        self.skipped = skipped
    }

    /// Adds another batch's records and counts to these.
    /// - Parameter other: the batch to add.
    public mutating func append(_ other: ImportBatch) {
        // The first batch's storage is taken as it is, not copied (a large file's records).
        if records.isEmpty { records = other.records } else { records += other.records }
        skipped.merge(other.skipped, uniquingKeysWith: +)
    }
}
