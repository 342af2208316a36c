/// What a city search found, and why a live source was given up if another answered.
public struct CitySearchAnswer: Sendable, Equatable {
    /// The cities found, best match first.
    public let cities: [City]
    /// The live source's failure when another source (the offline list) answered; else nil.
    public let fallbackReason: SourceError?

    /// Makes an answer.
    /// - Parameters:
    ///   - cities: the cities found.
    ///   - fallbackReason: the live source's failure, if another source answered.
    public init(cities: [City], fallbackReason: SourceError?) {
        self.cities = cities
        self.fallbackReason = fallbackReason
    }
}
