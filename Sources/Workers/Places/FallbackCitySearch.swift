import Domain
import FoundationEssentials

/// City search that asks a live source and answers from another (usually the offline table)
/// whenever the live one fails, as its `FallbackSwitch` rules for `.cities`: each search asks
/// the live source again (a person asks for each one).
public struct FallbackCitySearch: CitySearching {
    private let primary: any CitySearching
    private let fallback: any CitySearching
    /// The switch on the live source.
    public let fallbackSwitch: FallbackSwitch

    /// Makes a search.
    /// - Parameters:
    ///   - primary: the preferred source.
    ///   - fallback: the source asked when the preferred one throws a `SourceError`.
    ///   - fallbackSwitch: the switch on the preferred source; a new one when nil.
    public init(primary: any CitySearching, fallback: any CitySearching, fallbackSwitch: FallbackSwitch? = nil) {
        self.primary = primary
        self.fallback = fallback
        self.fallbackSwitch = fallbackSwitch ?? FallbackSwitch(provider: .unnamed("live source"))
    }

    /// Cities from the primary source, or from the fallback when it fails.
    public func searchCities(matching text: String, limit: Int) async throws -> [City] {
        try await searchCitiesReportingFallback(matching: text, limit: limit).cities
    }

    /// Cities from the primary source; when it fails, the fallback's cities with the primary's
    /// failure, so that a refusal (Nominatim's 403 "Access blocked") or a server error is
    /// never reported as "no such city".
    public func searchCitiesReportingFallback(matching text: String, limit: Int) async throws -> CitySearchAnswer {
        do {
            return CitySearchAnswer(cities: try await primary.searchCities(matching: text, limit: limit), fallbackReason: nil)
        } catch let error as SourceError {
            guard await fallbackSwitch.giveWay(after: error, for: .cities) else { throw error }
            return CitySearchAnswer(cities: try await fallback.searchCities(matching: text, limit: limit), fallbackReason: error)
        }
    }
}
