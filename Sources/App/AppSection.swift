/// The app's top-level sections. Each keeps its own scene stack, so switching keeps every
/// scene's state (selection, filter, scroll, open details).
enum AppSection: String, CaseIterable, Sendable {
    /// Popular TV shows.
    case shows
    /// Places near a location.
    case places
    /// The favourite shows and places (`F` from anywhere).
    case favourites
    /// The started shows' next episodes (`C` from anywhere).
    case continueWatching

    /// The tab's title in the header.
    var title: String {
        switch self {
        case .shows: return "Shows"
        case .places: return "Places"
        case .favourites: return "Favourites"
        case .continueWatching: return "Continue"
        }
    }

    /// The section Tab goes to.
    var next: AppSection {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// The section Shift-Tab goes to.
    var previous: AppSection {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + all.count - 1) % all.count]
    }
}
