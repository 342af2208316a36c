import Domain
import FoundationEssentials

/// The Stats scene's business logic: reads a year's figures (`StatsReport`, through
/// `StatsAhead`, which gives figures read ahead while the store is as it was) and moves between
/// years (never past the current one). A read started while another runs replaces it: the last
/// year asked for is the one shown.
@MainActor
package final class StatsInteractor: StatsBusinessLogic, StatsDataStore {
    package var presenter: StatsPresentationLogic?
    package var year: Int
    private let reader: StatsAhead
    private let clock: AirClock
    private let effects: RunningEffects
    private var shown: (year: Int, answer: StatsReport.Answer)?
    private var reading: Task<Void, Never>?
    private var message: String?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - reader: reads the figures (the app's one, which may hold them read ahead).
    ///   - clock: the present and the viewer's zone.
    ///   - year: the year to start on; nil for the current one in the viewer's zone.
    ///   - effects: where the tasks are tracked.
    package init(reader: StatsAhead, clock: AirClock, year: Int?, effects: RunningEffects) {
        self.reader = reader
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
        let year = self.year, reader = self.reader
        present(loading: true)
        let task = Task { [weak self] in
            let answer = await reader.answer(year: year)
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
