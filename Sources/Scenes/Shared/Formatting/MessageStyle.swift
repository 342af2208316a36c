import Terminal

/// What a message line means, as the Presenter decides it: plain information (loading, an
/// empty result, a hint) or a failure. Views draw it by this value and never by the text.
enum MessageStyle: Sendable, Equatable {
    /// Information: drawn dim.
    case info
    /// A failure (a source that refused, a rate limit with its countdown): drawn as an error.
    case error

    /// The text role a view draws the message in: `.dim` for information, `.error` for a failure.
    var role: TextRole {
        switch self {
        case .info: return .dim
        case .error: return .error
        }
    }
}
