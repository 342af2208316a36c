import Domain

/// What an import would change, set against the store: the favourites and marks to add, what
/// is there already, and the counts the summary gives. Importing a file a second time plans
/// nothing to add.
public struct ImportPlan: Sendable {
    /// The favourites and marks not in the store yet.
    public let additions: WatchHistory
    /// Favourites and marks of the file the store already holds.
    public let alreadyPresent: Int
    /// Rows that became a favourite or a mark.
    public let matchedRows: Int
    /// Rows not matched, or matched ambiguously.
    public let problems: [ImportProblem]
    /// Rows left out on purpose, by reason.
    public let skipped: [String: Int]

    /// Sets a matching result against the store's history.
    /// - Parameters:
    ///   - result: what matching gave.
    ///   - skipped: the readers' skipped counts.
    ///   - stored: the store's history now.
    public init(result: ShowMatcher.Result, skipped: [String: Int], stored: WatchHistory) {
        let favouriteKeys = Set(stored.favourites.compactMap(\.show.identity))
        let markKeys = Set(stored.marks.compactMap(\.key))
        let favourites = result.history.favourites.filter { $0.show.identity.map { !favouriteKeys.contains($0) } ?? false }
        let marks = result.history.marks.filter { $0.key.map { !markKeys.contains($0) } ?? false }
        additions = WatchHistory(favourites: favourites, marks: marks)
        alreadyPresent = result.history.favourites.count - favourites.count + result.history.marks.count - marks.count
        matchedRows = result.matchedRows
        problems = result.problems
        self.skipped = skipped
    }

    /// Rows with no match.
    public var unmatched: Int { problems.filter { $0.kind == .unmatched }.count }
    /// Rows with several matches.
    public var ambiguous: Int { problems.filter { $0.kind == .ambiguous }.count }

    /// The summary, two lines:
    /// `424 rows: 380 matched · 12 unmatched · 2 ambiguous · 30 skipped (30 films and specials)` and
    /// `to add: 2 favourites, 340 watched episodes · already present: 28`.
    public var summary: [String] {
        let rows = matchedRows + problems.count + skipped.values.reduce(0, +)
        var first =
            "\(ImportProgress.grouped(rows)) rows: \(ImportProgress.grouped(matchedRows)) matched · \(ImportProgress.grouped(unmatched)) unmatched · "
            + "\(ImportProgress.grouped(ambiguous)) ambiguous"
        let skippedCount = skipped.values.reduce(0, +)
        if skippedCount > 0 {
            let reasons = skipped.sorted { $0.key < $1.key }.map { "\(ImportProgress.grouped($0.value)) \($0.key)" }.joined(separator: ", ")
            first += " · \(ImportProgress.grouped(skippedCount)) skipped (\(reasons))"
        }
        let second =
            "to add: \(Self.count(additions.favourites.count, "favourite", "favourites")), "
            + "\(Self.count(additions.marks.count, "watched episode", "watched episodes")) · already present: \(ImportProgress.grouped(alreadyPresent))"
        return [first, second]
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(ImportProgress.grouped(n)) \(n == 1 ? one : many)" }
}
