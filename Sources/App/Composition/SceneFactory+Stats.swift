import Domain
import Scenes

extension StatsViewController: WiredViewController {}
extension StatsInteractor: WiredInteractor {}
extension StatsPresenter: WiredPresenter {}
extension StatsRouter: WiredRouter {}

extension SceneFactory {
    /// The Stats scene (`S` in Favourites, `discover-tui stats` on a terminal): a year of the
    /// person's viewing from the watched episodes; nil without the watched episodes or the
    /// shows' facts. Any Router may be given this to open it, as Favourites' is.
    /// - Parameter year: the year to start on; nil for the current one in the viewer's zone.
    func makeStats(year: Int? = nil) -> SceneViewController? {
        guard let reader = statsReader() else { return nil }
        let interactor = StatsInteractor(reader: reader, clock: dependencies.clocks.zones, year: year, effects: dependencies.effects)
        return assemble(StatsViewController(), interactor: interactor, presenter: StatsPresenter(), router: StatsRouter())
    }

    /// Reads the current year's figures ahead for `S` (Favourites and Continue call it once
    /// their list is shown); nil without the watched episodes or the shows' facts.
    func statsReadAhead() -> (@MainActor () -> Void)? {
        guard statsReader() != nil else { return nil }
        return { [weak self] in self?.statsReader()?.prepare() }
    }

    /// The app's one Stats reader (figures kept while the store is unchanged).
    private func statsReader() -> StatsAhead? {
        if let reader = made.statsReader { return reader }
        guard let watched = dependencies.watched, let facts = dependencies.showFacts else { return nil }
        let reader = StatsAhead(watched: watched, facts: facts, clock: dependencies.clocks.zones)
        made.statsReader = reader
        return reader
    }
}
