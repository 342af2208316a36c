/// An API key or token and where it came from. Its text forms (`description`, debug output,
/// `dump`) never show the value: only `value` does, for the request that needs it.
public struct ConfiguredSecret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret itself.
    public let value: String
    /// Where it was set.
    public let origin: SettingOrigin

    /// Makes a secret.
    /// - Parameters:
    ///   - value: the key or token.
    ///   - origin: where it was set.
    public init(value: String, origin: SettingOrigin) {
        self.value = value
        self.origin = origin
    }

    /// `key set (env TMDB_API_KEY)`: never the value.
    public var description: String { "key set (\(origin))" }
    /// As `description`.
    public var debugDescription: String { description }
    /// A mirror holding only the origin.
    public var customMirror: Mirror { Mirror(self, children: ["origin": origin]) }
}
