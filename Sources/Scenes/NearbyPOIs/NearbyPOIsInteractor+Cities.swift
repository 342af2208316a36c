import Domain
import FoundationEssentials

/// The city search: type-ahead over the embedded list, a live geocoder on request, and the
/// choice that moves the centre.
extension NearbyPOIsInteractor {
    @discardableResult
    package func searchCities(request: NearbyPOIs.SearchCities.Request) -> Task<Void, Never> {
        cityTask?.cancel()
        cityGeneration += 1
        ambiguousName = nil
        let text = request.text
        let searcher: any CitySearching
        if request.online, let onlineCities {
            searcher = onlineCities
        } else {
            searcher = offlineCities
        }
        let online = request.online && onlineCities != nil
        guard !text.trimming(.whitespaces).isEmpty else {
            cities = []
            presentCities(query: text, isSearching: false, online: false, error: nil)
            return .nothing
        }
        if online { presentCities(query: text, isSearching: true, online: true, error: nil) }
        let generation = cityGeneration
        let task = Task { [weak self] in
            do {
                let found = try await searcher.searchCitiesReportingFallback(matching: text, limit: online ? 10 : 12)
                self?.receiveCities(found.cities, query: text, online: online, fallbackReason: found.fallbackReason, generation: generation)
            } catch is CancellationError {
                return
            } catch {
                let failure = (error as? SourceError) ?? .unreachable(provider: .unnamed("city search"), reason: String(describing: type(of: error)))
                self?.failCities(failure, query: text, online: online, generation: generation)
            }
        }
        cityTask = task
        return effects.track(task)
    }

    @discardableResult
    package func chooseCity(request: NearbyPOIs.ChooseCity.Request) -> Task<Void, Never> {
        guard let chosen = cities.first(where: { $0.id == request.id }) else { return .nothing }
        cityTask?.cancel()
        ambiguousName = nil
        return effects.track(moveCenter(to: chosen))
    }

    private func receiveCities(_ found: [City], query: String, online: Bool, fallbackReason: SourceError?, generation: Int) {
        guard generation == cityGeneration else { return }
        cities = found
        presentCities(query: query, isSearching: false, online: online, error: fallbackReason)
    }

    private func failCities(_ failure: SourceError, query: String, online: Bool, generation: Int) {
        guard generation == cityGeneration else { return }
        cities = []
        presentCities(query: query, isSearching: false, online: online, error: failure)
    }

    func presentCities(query: String? = nil, isSearching: Bool, online: Bool, error: SourceError?) {
        if let query { cityQuery = query }
        presenter?.presentCities(response: .init(
            query: ambiguousName ?? cityQuery, cities: cities, isSearching: isSearching, searchedOnline: online,
            onlineProvider: onlineCitiesProvider, ambiguousName: ambiguousName, error: error
        ))
    }
}
