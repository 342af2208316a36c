import Domain

/// The streets under the map: asked once the first page of places is shown (so the list never
/// waits for them), once per centre and radius, and not at all while what is loaded covers
/// the search (a narrower radius, a pan of the map: panning is the view's alone).
extension NearbyPOIsInteractor {
    /// The radius the streets are asked within for the current search, in metres.
    var streetsRadiusMeters: Double { min(radiusMeters, StreetMap.maximumRadiusMeters) }

    /// Asks the streets for the current centre and radius unless they are loaded or already
    /// asked; presents them, or the failure (the map keeps its ring).
    /// - Returns: the request's task, or nil when nothing is asked.
    @discardableResult
    func loadStreetsIfNeeded() -> Task<Void, Never>? {
        guard let streetsWorker else { return nil }
        let center = self.center, radius = streetsRadiusMeters
        if let asked = streetsAsked, asked.center == center, asked.radiusMeters == radius { return nil }
        if let map = streetMap, map.covers(center, radiusMeters: radius) { return nil }
        streetsAsked = (center, radius)
        let task = Task { [weak self] in
            do {
                let map = try await streetsWorker.streets(near: center, radiusMeters: radius)
                self?.receiveStreets(map, center: center, radiusMeters: radius)
            } catch is CancellationError {
                return
            } catch {
                self?.failStreets((error as? SourceError) ?? .unreachable(provider: .unnamed("streets"), reason: String(describing: type(of: error))), center: center, radiusMeters: radius)
            }
        }
        return effects.track(task)
    }

    private func isCurrentStreets(_ center: Coordinate, _ radius: Double) -> Bool {
        guard let asked = streetsAsked else { return false }
        return asked.center == center && asked.radiusMeters == radius
    }

    private func receiveStreets(_ map: StreetMap, center: Coordinate, radiusMeters: Double) {
        guard isCurrentStreets(center, radiusMeters) else { return }
        streetMap = map
        presenter?.presentStreets(response: .init(map: map, error: nil))
    }

    private func failStreets(_ error: SourceError, center: Coordinate, radiusMeters: Double) {
        guard isCurrentStreets(center, radiusMeters) else { return }
        streetMap = nil
        presenter?.presentStreets(response: .init(map: nil, error: error))
    }
}
