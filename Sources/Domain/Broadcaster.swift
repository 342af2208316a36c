/// Who airs a show: a broadcast network (CBS, HBO) or a web channel (Netflix).
public struct Broadcaster: Sendable, Hashable {
    /// Whether the show airs on a network or streams on a web channel.
    public enum Kind: Sendable, Hashable {
        /// A broadcast or cable network.
        case network
        /// A streaming service.
        case webChannel
    }

    /// The broadcaster's name, for example "HBO".
    public let name: String
    /// Network or web channel.
    public let kind: Kind
    /// The country's name, for example "United States"; nil for worldwide web channels.
    public let countryName: String?
    /// The ISO 3166-1 alpha-2 country code, for example "US"; nil when unknown.
    public let countryCode: String?
    /// The IANA zone its schedule's times are in, for example "America/New_York" (TVmaze's
    /// `country.timezone`); nil when the source does not say.
    public let timeZone: String?

    /// Makes a broadcaster.
    /// - Parameters:
    ///   - name: the broadcaster's name.
    ///   - kind: network or web channel.
    ///   - countryName: the country's name, if any.
    ///   - countryCode: the ISO 3166-1 alpha-2 code, if any.
    ///   - timeZone: the IANA zone of its schedule, if known.
    public init(name: String, kind: Kind, countryName: String? = nil, countryCode: String? = nil, timeZone: String? = nil) {
        self.name = name
        self.kind = kind
        self.countryName = countryName
        self.countryCode = countryCode
        self.timeZone = timeZone
    }
}
