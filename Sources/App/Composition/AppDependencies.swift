import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// Everything the scenes are built from, made once from the provider table and the settings
/// and never changed: `SceneFactory` takes it whole at init. A new scene that needs something
/// new adds one field here.
struct AppDependencies {
    /// The clocks the scenes read: one value, so that a test can set them all.
    struct Clocks: Sendable {
        /// The clock the scenes' waits run on (rate-limit countdowns, typing pauses, debounces).
        let wait: any Clock<Duration>
        /// The wall clock: a cached copy's age, opening hours, a favourite's date.
        let now: @Sendable () -> Date
        /// Air times in the viewer's zone (the system's tz database).
        let zones: AirClock

        /// The system's clocks.
        /// - Parameter environment: the environment (its `TZ`).
        static func system(environment: [String: String]) -> Clocks {
            Clocks(wait: ContinuousClock(), now: { Date() }, zones: .system(environment: environment))
        }
    }

    /// The Shows section's sources and start.
    struct Shows {
        /// The default list's source (its chain of providers and the snapshot).
        let worker: any TVShowsWorking
        /// Why each live source was given up, a rejected key first.
        var fallbackReasons: @Sendable () async -> [SourceError] = { [] }
        /// The list's second view ("All shows"), if the source has one.
        var allShows: PopularListInteractor.ListSource?
        /// True to start the list on "All shows" (`--list all`) when the source has it.
        var startsOnAllShows = false
        /// Shows kept from earlier live answers, searched by the filter offline; nil for none.
        var keptShows: (any KeptShowsSearching)?
        /// The provider of the shows' ids (for favourites) until the list has loaded a page:
        /// the first live source's name, else TVmaze's (the snapshot's ids).
        var provider = FavouriteEntry.tvmaze
        /// How the first list starts (`discover-tui search`, `discover-tui show`).
        var start = PopularListViewController.Start()
        /// The viewer's streaming services (`services` setting), marked in the list; nil for none.
        var services: StreamingServices?
    }

    /// Where a show's people, its like and where to watch it come from.
    struct People {
        /// The people Worker for casts from a data source (whose ids it must take); nil when
        /// none takes them (Enter on a cast line then says so).
        let person: @MainActor (DataSource?) -> (any PeopleWorking)?
        /// "More like this" for details from a data source; nil for no section.
        let similar: @MainActor (DataSource) -> (any SimilarShowsWorking)?
        /// "Where to watch" for details from a data source (TMDB's, with a key); nil for none.
        let watch: @MainActor (DataSource) -> (any WatchProvidersWorking)?
        /// The viewer's country for "Where to watch" (the `country` setting, ISO 3166-1 alpha-2).
        let watchCountry: String

        /// No people, no like, nowhere to watch (scene tests that need none of them).
        static let none = People(person: { _ in nil }, similar: { _ in nil }, watch: { _ in nil }, watchCountry: "US")
    }

    /// The Shows section's sources.
    let shows: Shows
    /// Where people, similar shows and where to watch come from.
    let people: People
    /// The episodes Worker for shows from a data source (whose ids it must take); nil when
    /// none takes them (`e` then says so).
    let episodes: @MainActor (DataSource?) -> (any EpisodesWorking)?
    /// What the Tonight scene needs; nil when the app has no schedules.
    let tonight: TonightSources?
    /// The clocks.
    let clocks: Clocks
    /// The app's favourites; nil leaves the scenes without `f` and the marker.
    let favourites: FavouritesBook?
    /// The watched episodes; nil leaves the guide without `w`, `W` and the marks, and
    /// Favourites without Continue.
    let watched: (any WatchedWorking)?
    /// The terminal's clipboard for the places details' copy keys; nil without one.
    let clipboard: ClipboardWriting?
    /// Where the tasks of every scene are tracked (`effects.finished()` awaits them).
    let effects: RunningEffects
    /// The last look of `discover-tui upcoming --new` (`LastLookState`, seconds since 1970
    /// UTC): Continue and Favourites count the started shows' episodes aired since; nil, or
    /// answering nil (no watched database yet), counts none.
    var lastLook: (@Sendable () -> Int?)? = nil
    /// What the machine holds of the shows (snapshot, response cache), for Stats; nil leaves
    /// the app without Stats.
    var showFacts: (any ShowFactsWorking)? = nil
    /// Pictures (posters, photos) for the scenes that show them; nil for none.
    var images: (any ImageLoading)? = nil
}
