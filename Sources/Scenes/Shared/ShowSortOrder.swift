/// The orders a list of shows can be shown in (`s` goes to the next): `PopularList.SortOrder`.
enum ShowSortOrder: String, Sendable, Equatable, CaseIterable {
    /// The source's popularity order (the default).
    case popularity
    /// Highest rating first, weighed by what stands behind it (`WeightedRating`); shows with no
    /// rating last.
    case rating
    /// Newest premiere first; shows with no premiere date last.
    case premiered
    /// By name, A to Z (ignoring case); shows with no name last.
    case name

    /// The next order in the cycle.
    var next: ShowSortOrder {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// How the header says it, for example `by rating`.
    var label: String {
        switch self {
        case .popularity: return "by popularity"
        case .rating: return "by rating"
        case .premiered: return "newest first"
        case .name: return "by name"
        }
    }
}
