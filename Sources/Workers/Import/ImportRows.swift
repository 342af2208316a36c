import Domain

/// The rows an import read, held by reference in parts of at most `partSize` records, so that
/// matching can let each part go once it has become marks: a large file's records are never
/// all held beside the marks built from them.
///
/// One task uses it at a time (the import reads, then matches); it is not locked.
public final class ImportRows: @unchecked Sendable {
    /// The most records a part holds (about 3 MB of records).
    public static let partSize = 10_000

    /// The parts not matched yet, in file order.
    public private(set) var parts: [ImportBatch]
    /// Rows left out on purpose, counted by reason, over every part (kept once parts are taken).
    public let skipped: [String: Int]

    /// Holds the parts read.
    /// - Parameter parts: the readers' batches, in file order.
    public init(_ parts: [ImportBatch]) {
        self.parts = parts
        var skipped: [String: Int] = [:]
        for part in parts { skipped.merge(part.skipped, uniquingKeysWith: +) }
        self.skipped = skipped
    }

    /// Every record not taken yet, part after part.
    public var records: some Sequence<ImportRecord> { parts.lazy.flatMap(\.records) }

    /// Takes the first part: this holder no longer keeps it.
    /// - Returns: the part, or nil when every part is taken.
    public func takeFirst() -> ImportBatch? { parts.isEmpty ? nil : parts.removeFirst() }
}
