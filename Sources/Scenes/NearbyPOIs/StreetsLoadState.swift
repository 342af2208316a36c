import Domain

/// Which streets under the map are loaded and which were asked for: asked once per centre and
/// radius, and not at all while what is loaded covers the search (a narrower radius, a pan of
/// the map); an answer for another centre or radius than the last asked is stale.
struct StreetsLoadState {
    /// The streets loaded last; nil before any, or after a failure.
    private(set) var map: StreetMap?
    /// The centre and radius asked last.
    private var asked: (center: Coordinate, radiusMeters: Double)?
    /// True from an `ask` to its answer.
    private(set) var isLoading = false

    /// Whether the streets for a centre and radius are to be asked; when they are, they count
    /// as asked from now on.
    /// - Returns: false when they were asked already or what is loaded covers them.
    mutating func ask(center: Coordinate, radiusMeters: Double) -> Bool {
        if isCurrent(center: center, radiusMeters: radiusMeters) { return false }
        if let map, map.covers(center, radiusMeters: radiusMeters) { return false }
        asked = (center, radiusMeters)
        isLoading = true
        return true
    }

    /// Forgets what was asked, so that the next `ask` asks again (a reload, `r`).
    mutating func forgetAsked() {
        asked = nil
    }

    /// True when a centre and radius are the ones asked last.
    func isCurrent(center: Coordinate, radiusMeters: Double) -> Bool {
        guard let asked else { return false }
        return asked.center == center && asked.radiusMeters == radiusMeters
    }

    /// Keeps an answer (nil: the request failed) when it is for the centre and radius asked last.
    /// - Returns: false for a stale answer, which is dropped.
    mutating func receive(_ map: StreetMap?, center: Coordinate, radiusMeters: Double) -> Bool {
        guard isCurrent(center: center, radiusMeters: radiusMeters) else { return false }
        self.map = map
        isLoading = false
        return true
    }
}
