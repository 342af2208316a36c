import Domain
import FoundationEssentials

/// The Stats scene's business logic: reads a year's figures (`StatsReport`) from the
/// watched-episodes store and what the machine holds of the shows, and moves between years
/// (never past the current one). A read started while another runs replaces it: the last
/// year asked for is the one shown.
@MainActor
package final class StatsInteractor: StatsBusinessLogic, StatsDataStore {
    package var presenter: StatsPresentationLogic?
    package var year: Int
    private let watched: any WatchedWorking
    private let facts: any ShowFactsWorking
    private let clock: AirClock
    private let effects: RunningEffects
    private var shown: (year: Int, answer: StatsReport.Answer)?
    private var reading: Task<Void, Never>?
    private var message: String?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - watched: the marks and ratings.
    ///   - facts: what the machine holds of the shows.
    ///   - clock: the present and the viewer's zone.
    ///   - year: the year to start on; nil for the current one in the viewer's zone.
    ///   - effects: where the tasks are tracked.
    package init(watched: any WatchedWorking, facts: any ShowFactsWorking, clock: AirClock, year: Int? = nil, effects: RunningEffects = RunningEffects()) {
        self.watched = watched
        self.facts = facts
        self.clock = clock
        self.effects = effects
        self.year = year ?? StatsReport.currentYear(now: clock.now(), viewer: clock.viewer)
    }

    @discardableResult
    package func loadYear(request: Stats.LoadYear.Request) -> Task<Void, Never> {
        read()
    }

    @discardableResult
    package func changeYear(request: Stats.ChangeYear.Request) -> Task<Void, Never> {
        let current = StatsReport.currentYear(now: clock.now(), viewer: clock.viewer)
        let wanted = year + request.by
        guard wanted <= current else {
            message = "\(current) is the current year: no later one to show"
            present(loading: false)
            return Task {}
        }
        guard wanted >= 1970 else {
            message = "1970 is the first year counted: no earlier one to show"
            present(loading: false)
            return Task {}
        }
        year = wanted
        return read()
    }

    private func read() -> Task<Void, Never> {
        reading?.cancel()
        let year = self.year, watched = self.watched, facts = self.facts, now = clock.now(), viewer = clock.viewer
        present(loading: true)
        let task = Task { [weak self] in
            let answer = await StatsReport.fetch(year: year, watched: watched, facts: facts, now: now, viewer: viewer)
            guard let self, !Task.isCancelled, self.year == year else { return }
            self.shown = (year, answer)
            self.present(loading: false)
        }
        reading = task
        return effects.track(task)
    }

    private func present(loading: Bool) {
        let now = clock.now()
        let today = clock.viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
        let answer = shown?.year == year ? shown?.answer : nil
        var response = Stats.LoadYear.Response(year: year, stats: answer?.stats, isLoading: loading, today: today, credits: answer?.credits ?? [])
        if let message {
            response.message = message
            self.message = nil
        } else if let notice = answer?.notice {
            (response.message, response.messageIsError) = (notice, true)
        }
        presenter?.presentYear(response: response)
    }
}
