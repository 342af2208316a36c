import Domain
import FoundationEssentials

/// City search that asks a live source and answers from another (usually the offline table)
/// whenever the live one fails, as its `FallbackSwitch` rules for `.cities`: each search asks
/// the live source again (a person asks for each one).
public struct FallbackCitySearch: CitySearching, FallbackDecorator {
    /// The live source, the one behind it and the switch on the live one.
    public let pair: FallbackPair<any CitySearching>

    /// Makes the decorator over a pair (`init(primary:fallback:fallbackSwitch:)` makes the pair).
    /// - Parameter pair: the sources and the switch.
    public init(pair: FallbackPair<any CitySearching>) {
        self.pair = pair
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
            return CitySearchAnswer(cities: try await pair.primary.searchCities(matching: text, limit: limit), fallbackReason: nil)
        } catch let error as SourceError {
            guard await pair.fallbackSwitch.giveWay(after: error, for: .cities) else { throw error }
            return CitySearchAnswer(cities: try await pair.fallback.searchCities(matching: text, limit: limit), fallbackReason: error)
        }
    }
}
