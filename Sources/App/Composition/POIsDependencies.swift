import Domain
import FoundationEssentials
import Scenes
import Workers

/// What the Places section is built from: its Workers, city searches, units and start.
struct POIsDependencies: Sendable {
    /// The source of places.
    var worker: any POIsWorking
    /// The source of the streets drawn under the map, or nil for none.
    var streets: (any StreetsWorking)?
    /// Why each live source was given up, a rejected key first; empty while a live source
    /// answers.
    var fallbackReasons: @Sendable () async -> [SourceError] = { [] }
    /// The switch on each live places source in `auto`, tried first first (empty otherwise).
    var switches = FallbackSwitches()
    /// Goes back to the live source after a fallback (on `r`).
    var retryLiveSource: @Sendable () async -> Void = {}
    /// The type-ahead city search (the embedded GeoNames list).
    var offlineCities: any CitySearching = CitySearch()
    /// A live geocoder asked on request, or nil when offline.
    var onlineCities: (any CitySearching)?
    /// The live geocoder's name, for example `Nominatim`.
    var onlineCitiesProvider: String?
    /// How distances are written.
    var units: NearbyPOIs.Units = .metric
    /// Where the scene starts.
    var start: NearbyPOIs.Start
    /// The clock opening hours are read at.
    var now: @Sendable () -> Date = { Date() }
    /// Wall times in the places' zones, and in the viewer's (`TZ`) for places whose own zone
    /// is unknown: the system's tz database.
    var placeClock: any POIClockWorking = SystemPOIClock(environment: ProcessInfo.processInfo.environment)
}
