import Domain
import FoundationEssentials

extension TonightPresenter {
    package func presentWatched(response: Tonight.WatchedMessage.Response) {
        let text: String
        switch response.outcome {
        case .marked(let show, let episodes, let plays):
            let name = ShowFormatting.capped(show)
            if episodes.count == 1, let episode = episodes.first {
                let again = (plays.first ?? 1) > 1
                text = "\(name) \(episode.code) " + (again ? "watched again · \(plays.first ?? 2) plays" : "marked watched") + " · u undoes"
            } else {
                text = "\(name): \(episodes.count) episodes marked watched (\(TonightRowText.span(episodes))) · u undoes"
            }
        case .undone(let show, let episodes):
            text = "Undone: \(ShowFormatting.capped(show)) " + (episodes.count == 1 ? episodes.first?.code ?? "" : "\(episodes.count) episodes (\(TonightRowText.span(episodes)))")
        case .nothingToUndo: text = "Nothing to undo"
        case .nothingToMark(let show?):
            text = ShowFormatting.capped(show) + ": no numbered episode here to mark (a special is marked in the show's guide)"
        case .nothingToMark(nil): text = "This row has no episode to mark"
        case .notice(let notice): text = notice
        case .noStore: text = "Watched episodes cannot be kept in this run"
        }
        viewController?.displayWatched(viewModel: .init(text: text, isError: response.isError))
    }
}
