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
        guard let watched = dependencies.watched, let facts = dependencies.showFacts else { return nil }
        let interactor = StatsInteractor(watched: watched, facts: facts, clock: dependencies.clocks.zones, year: year, effects: dependencies.effects)
        return assemble(StatsViewController(), interactor: interactor, presenter: StatsPresenter(), router: StatsRouter())
    }
}
