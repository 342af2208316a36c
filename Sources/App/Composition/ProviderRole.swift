import Domain
import FoundationEssentials
import Workers

/// What a provider serves.
enum ProviderRole: Sendable, Equatable {
    /// TV shows (lists, details, searches; episodes and schedules when it has them).
    case tv
    /// Places near a point.
    case places
    /// City search.
    case cities
    /// Walks by the streets, asked of a routing server only when asked for (`route`).
    case routes
    /// Data recorded in the program (no network): its credit and name only.
    case recorded
}
