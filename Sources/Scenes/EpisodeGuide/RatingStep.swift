import Domain

/// The fixed colour scale of the episode guide's ratings chart: six steps from poor to
/// excellent, by the rating as shown (rounded to one decimal, so a cell reading `8.0` is
/// always on the step of 8.0).
///
/// | Step        | Ratings (0–10) |
/// |-------------|----------------|
/// | `poor`      | below 6.0      |
/// | `weak`      | 6.0–6.9        |
/// | `fair`      | 7.0–7.9        |
/// | `good`      | 8.0–8.4        |
/// | `great`     | 8.5–8.9        |
/// | `excellent` | 9.0 and above  |
///
/// Each step has its role (`TextRole.ratingPoor` …), whose colour the theme gives (`Theme`):
/// red to cyan on a dark background, dark red to navy on a light one.
/// The steps are fixed (not relative to the show), so two shows' charts read the same. Most
/// rated episodes on TVmaze fall between 7 and 9, hence the finer steps there. Scenes.md
/// lists the same table.
package enum RatingStep: Int, Sendable, CaseIterable, Comparable {
    case poor, weak, fair, good, great, excellent

    /// The step of a rating on the 0–10 scale.
    /// - Parameter rating: the mean rating, 0–10.
    /// - Returns: its step; ratings are rounded to one decimal first.
    package init(rating: Double) {
        let tenths = Int((rating * 10).rounded(.toNearestOrAwayFromZero))
        switch tenths {
        case ..<60: self = .poor
        case ..<70: self = .weak
        case ..<80: self = .fair
        case ..<85: self = .good
        case ..<90: self = .great
        default: self = .excellent
        }
    }

    /// The lowest rating on the step, 0–10, for the legend.
    package var lowerBound: Double {
        [0, 6, 7, 8, 8.5, 9][rawValue]
    }

    /// The step's name, for the legend and the help.
    package var name: String {
        ["poor", "weak", "fair", "good", "great", "excellent"][rawValue]
    }

    package static func < (lhs: RatingStep, rhs: RatingStep) -> Bool { lhs.rawValue < rhs.rawValue }
}
