import Domain
import FoundationEssentials

/// Formats the Continue list: a row a started show, `S01E06 ‘A Golden Crown’` (`Rewatching ·
/// S01E02 ‘The Kingsroad’` on a new round), `68 left · next Thu` (the next unaired episode's
/// weekday when within a week, in the viewer's zone) and the person's rating, `you 8`.
@MainActor
package final class ContinuePresenter: ContinuePresentationLogic {
    package weak var viewController: ContinueDisplayLogic?
    private let clock: AirClock

    /// Makes a Presenter.
    /// - Parameter clock: the present and the viewer's zone.
    package init(clock: AirClock) {
        self.clock = clock
    }

    package func presentList(response: ContinueWatching.LoadList.Response) {
        let now = clock.now()
        let today = clock.viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
        let rows = response.items.map { item -> ContinueWatching.LoadList.ViewModel.Row in
            let parts = ContinueItems.parts(item, today: today) { AirTimeText.viewerDay($0, viewer: self.clock.viewer) }
            var row = ContinueWatching.LoadList.ViewModel.Row(
                id: item.summary.show.description, name: ShowFormatting.capped(item.summary.name),
                next: parts.next, detail: parts.detail.joined(separator: " · "),
                isDone: item.progress?.nextUnwatched == nil)
            row.badge = PremiereBadge.text(item.badges, ascii: false)
            row.rating = item.summary.rating.map { "you \($0)" } ?? ""
            return row
        }
        let count = rows.count == 1 ? "1 started show" : "\(rows.count) started shows"
        viewController?.displayList(
            viewModel: .init(
                rows: rows, title: Self.title(newCount: response.items.reduce(0) { $0 + $1.newCount }), countLabel: count, listsAge: ContinueItems.listsAge(response.items, viewer: clock.viewer),
                emptyMessage: response.isLoading || !rows.isEmpty ? nil : "No show started yet: in a show's episode guide (e), w marks an episode watched.",
                message: response.isLoading ? "Reading the watched episodes…" : response.message,
                messageIsError: response.messageIsError, isLoading: response.isLoading
            ))
    }

    /// `Continue (3 new)`, or `Continue` when no episode is new.
    /// - Parameter newCount: the episodes aired since the last look and not watched.
    package nonisolated static func title(newCount: Int) -> String {
        newCount > 0 ? "Continue (\(newCount) new)" : "Continue"
    }
}
