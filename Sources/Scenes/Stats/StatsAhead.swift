import Domain
import FoundationEssentials

/// A year's figures read ahead, while Favourites or Continue is on screen, so that `S` draws
/// them at once; and the figures a Stats scene read, for the next one.
///
/// An answer is kept with the store's stamp (`WatchedStamp`) taken before it was read and the
/// viewer's day it was read on, and is given again only while both are the same: a mark, a
/// play or a rating saved since, by this program or another, or a new day, reads afresh. A
/// store that cannot tell its stamp (nil) is read afresh every time. The shows' facts are
/// those the machine held when the answer was read.
@MainActor
package final class StatsAhead {
    private struct Kept {
        let year: Int
        let stamp: WatchedStamp
        let day: CalendarDate
        let answer: StatsReport.Answer
    }

    private let watched: any WatchedWorking
    private let facts: any ShowFactsWorking
    private let clock: AirClock
    private var kept: Kept?
    /// The read going on and its year; a second ask for the same year waits for it.
    private var running: (year: Int, task: Task<StatsReport.Answer, Never>)?

    /// Makes a reader.
    /// - Parameters:
    ///   - watched: the marks and ratings.
    ///   - facts: what the machine holds of the shows.
    ///   - clock: the present and the viewer's zone.
    package init(watched: any WatchedWorking, facts: any ShowFactsWorking, clock: AirClock) {
        self.watched = watched
        self.facts = facts
        self.clock = clock
    }

    /// Reads the current year's figures in the background when the kept ones are not current;
    /// does nothing while a read of that year goes on, nor when the store cannot tell its stamp
    /// (not opened yet: no file, so nothing to count; figures read then would not be kept).
    /// - Returns: the read (done at once when there is nothing to do).
    @discardableResult
    package func prepare() -> Task<Void, Never> {
        let year = StatsReport.currentYear(now: clock.now(), viewer: clock.viewer)
        guard running?.year != year else { return Task {} }
        return Task(priority: .utility) {
            guard await self.watched.stamp() != nil else { return }
            _ = await self.answer(year: year)
        }
    }

    /// A year's figures: the kept ones when the store and the day are as they were, else read
    /// now (waiting for a read of the same year already going on, then checking it too).
    /// - Parameter year: the year.
    package func answer(year: Int) async -> StatsReport.Answer {
        if let running, running.year == year { _ = await running.task.value }
        let stamp = await watched.stamp()
        let day = today()
        if let kept, let stamp, kept.year == year, kept.stamp == stamp, kept.day == day { return kept.answer }
        let watched = self.watched, facts = self.facts, now = clock.now(), viewer = clock.viewer
        let task = Task { await StatsReport.fetch(year: year, watched: watched, facts: facts, now: now, viewer: viewer) }
        running = (year, task)
        let answer = await task.value
        if running?.task == task { running = nil }
        if let stamp { kept = Kept(year: year, stamp: stamp, day: day, answer: answer) }
        return answer
    }

    private func today() -> CalendarDate {
        let now = clock.now()
        return clock.viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
    }
}
