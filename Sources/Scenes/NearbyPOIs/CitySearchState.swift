import Domain

/// The city search's state: the cities offered, the text searched for, the name of an
/// ambiguous `--city` while its start-up picker is open, and which search is the latest (an
/// answer to an earlier one is stale and dropped).
struct CitySearchState {
    /// The cities offered, best first.
    private(set) var cities: [City]
    /// The text searched for last.
    private(set) var query = ""
    /// The `--city` name several cities carry, until the first search or choice.
    private(set) var ambiguousName: String?
    /// The latest search's number.
    private(set) var generation = 0

    /// The state at start: the cities of an ambiguous `--city`, offered by themselves.
    /// - Parameter start: where the scene starts.
    init(start: NearbyPOIs.Start) {
        cities = start.cityCandidates
        ambiguousName = start.cityCandidates.count > 1 ? start.ambiguousCityName : nil
    }

    /// A new search: the one before is stale, and the start-up picker's name is forgotten.
    /// - Parameter text: the text searched for.
    /// - Returns: the search's number, for `receive`.
    mutating func begin(_ text: String) -> Int {
        generation += 1
        ambiguousName = nil
        query = text
        return generation
    }

    /// No search: the text is blank, no city is offered.
    mutating func clear() {
        cities = []
    }

    /// Keeps the cities a search found (none: it failed), when it is the latest.
    /// - Returns: false for a stale search, whose answer is dropped.
    mutating func receive(_ found: [City], generation: Int) -> Bool {
        guard generation == self.generation else { return false }
        cities = found
        return true
    }

    /// Takes an offered city: the start-up picker's name is forgotten.
    /// - Returns: the city, or nil when no offered city has that id.
    mutating func choose(id: String) -> City? {
        guard let chosen = cities.first(where: { $0.id == id }) else { return nil }
        ambiguousName = nil
        return chosen
    }

    /// The picker's Response for this state.
    /// - Parameters:
    ///   - isSearching: true while a search runs.
    ///   - online: true when the cities came from (or are asked of) the live geocoder.
    ///   - provider: the live geocoder's name, or nil when none can be asked.
    ///   - error: the failure of the last search, or the live geocoder's when the offline list answered.
    func response(isSearching: Bool, online: Bool, provider: String?, error: SourceError?) -> NearbyPOIs.SearchCities.Response {
        .init(
            query: ambiguousName ?? query, cities: cities, isSearching: isSearching, searchedOnline: online,
            onlineProvider: provider, ambiguousName: ambiguousName, error: error)
    }
}
