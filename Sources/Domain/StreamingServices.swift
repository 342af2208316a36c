/// The streaming services a viewer has (the `services` setting), and whether a show is on one
/// of them.
///
/// A show is on a service when its own network or web channel, as TVmaze names it
/// (`TVShow.broadcaster?.name`, for example `Netflix`, `HBO Max`, `Disney+`), is one of the
/// names the service goes by (`aliases`). This is the show's home channel, not the JustWatch
/// offers TMDB lists per country (`WatchProviders`): those take one request a show, the
/// network is in every list already. The same names match TMDB's provider names on a show's
/// details ("Where to watch").
public struct StreamingServices: Sendable, Equatable {
    /// A service the setting names: its key (`netflix`) and the channel names it matches.
    public struct Service: Sendable, Equatable {
        /// The setting's word for it, lower case, for example `max`.
        public let key: String
        /// The channel or provider names it matches, the first being how it is shown,
        /// for example `Max`, `HBO Max`, `HBO`.
        public let names: [String]
    }

    /// Why a `services` value was refused, in words for a usage message.
    public struct ParseError: Error, Sendable, Equatable {
        /// For example `unknown service 'foo' (known: netflix, max, …)`.
        public let message: String
    }

    /// The services the setting knows, each with the names TVmaze's networks and web
    /// channels and TMDB's providers go by.
    public static let known: [Service] = [
        Service(key: "netflix", names: ["Netflix"]),
        Service(key: "max", names: ["Max", "HBO Max", "HBO"]),
        Service(key: "prime", names: ["Prime Video", "Amazon Prime Video", "Amazon Video"]),
        Service(key: "disney", names: ["Disney+", "Disney Plus"]),
        Service(key: "apple", names: ["Apple TV+", "Apple TV", "Apple TV Plus"]),
        Service(key: "hulu", names: ["Hulu"]),
        Service(key: "paramount", names: ["Paramount+", "Paramount Plus", "CBS All Access"]),
        Service(key: "peacock", names: ["Peacock", "Peacock Premium"])
    ]

    /// The services chosen, in the setting's order, each once.
    public let services: [Service]
    /// Every name of the chosen services, folded (`fold`), to the service's shown name.
    private let folded: [String: String]

    /// Reads the setting: keys separated by commas, any case, spaces around each trimmed
    /// (`netflix, Max`). A key may also be a known service's name (`HBO Max`, `Disney+`).
    /// - Throws: `ParseError` for an empty value, an empty item, or a name no service has.
    public init(parsing text: String) throws {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { Self.fold(String($0)) }
        guard items.contains(where: { !$0.isEmpty }) else {
            throw ParseError(message: "needs one or more services separated by commas, such as netflix,max (known: \(Self.knownKeys))")
        }
        var chosen: [Service] = []
        for item in items {
            guard !item.isEmpty else { throw ParseError(message: "has an empty service between commas") }
            guard let service = Self.known.first(where: { $0.key == item || $0.names.contains { Self.fold($0) == item } }) else {
                throw ParseError(message: "names an unknown service '\(item)' (known: \(Self.knownKeys))")
            }
            if !chosen.contains(service) { chosen.append(service) }
        }
        self.init(chosen)
    }

    /// The chosen services as they are.
    public init(_ services: [Service]) {
        self.services = services
        var folded: [String: String] = [:]
        for service in services {
            for name in service.names { folded[Self.fold(name)] = service.names.first ?? name }
        }
        self.folded = folded
    }

    /// The known keys, comma-separated, for messages and help.
    public static var knownKeys: String { known.map(\.key).joined(separator: ", ") }

    /// The chosen services' keys as the setting writes them (`netflix,max`).
    public var text: String { services.map(\.key).joined(separator: ",") }

    /// The chosen service a channel or provider name is, shown as the service's first name.
    /// - Parameter name: a TVmaze network or web channel name, or a TMDB provider name.
    /// - Returns: for example `Max` for `HBO Max`; nil when none of the chosen services goes by it.
    public func service(named name: String) -> String? {
        folded[Self.fold(name)]
    }

    /// Whether a show's own network or web channel (TVmaze) is one of the chosen services.
    public func carries(_ show: TVShow) -> Bool {
        show.broadcaster.map { service(named: $0.name) != nil } ?? false
    }

    /// The chosen services that stream a show in a country: those whose names match a
    /// provider of its Stream, Free or Ads offers (TMDB `flatrate`, `free`, `ads`, data from
    /// JustWatch), not rent or buy.
    /// - Returns: each service's shown name once, in the setting's order; empty for none.
    public func streaming(_ watch: WatchProviders) -> [String] {
        let offered = Set(watch.groups.filter { [.stream, .free, .ads].contains($0.offer) }.flatMap(\.services).compactMap(service(named:)))
        return services.compactMap(\.names.first).filter(offered.contains)
    }

    /// A name compared without case or surrounding spaces (ASCII case only, the names are
    /// English brand names).
    static func fold(_ text: String) -> String {
        String(text.trimming(.whitespaces).lowercased())
    }
}
