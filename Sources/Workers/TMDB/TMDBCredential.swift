/// How requests to TMDB prove who sends them
/// (https://developer.themoviedb.org/docs/authentication-application).
public enum TMDBCredential: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// A v4 "API Read Access Token", sent as `Authorization: Bearer TOKEN`.
    case readAccessToken(String)
    /// A v3 "API Key", sent as the `api_key` query item.
    case apiKey(String)

    /// The secret itself, to send and to scrub from messages.
    var secret: String {
        switch self {
        case .readAccessToken(let token): return token
        case .apiKey(let key): return key
        }
    }

    /// Which kind of credential, never its value: "read access token" or "API key".
    public var description: String {
        switch self {
        case .readAccessToken: return "read access token"
        case .apiKey: return "API key"
        }
    }

    /// A mirror without the value, so `dump` and debug output never show the secret.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
