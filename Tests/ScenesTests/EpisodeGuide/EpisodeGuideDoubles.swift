import Domain
import Foundation
import XCTest

@testable import Scenes

/// An episodes source that answers from a list of scripted results and records its calls.
actor EpisodesWorkerStub: EpisodesWorking {
    private var answers: [Result<ShowEpisodes?, SourceError>]
    private(set) var requests: [Int] = []

    /// - Parameter answers: one per call, in turn; the last one repeats.
    init(_ answers: [Result<ShowEpisodes?, SourceError>]) {
        self.answers = answers
    }

    func episodes(showID: Int) async throws -> ShowEpisodes? {
        requests.append(showID)
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        return try answer.get()
    }

    func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? { nil }
}

@MainActor
final class EpisodeGuidePresentationLogicSpy: EpisodeGuidePresentationLogic {
    private(set) var responses: [EpisodeGuide.LoadGuide.Response] = []
    private(set) var episodes: [EpisodeGuide.ShowEpisode.Response] = []
    func presentGuide(response: EpisodeGuide.LoadGuide.Response) { responses.append(response) }
    func presentEpisode(response: EpisodeGuide.ShowEpisode.Response) { episodes.append(response) }
}

@MainActor
final class EpisodeGuideDisplayLogicSpy: EpisodeGuideDisplayLogic {
    private(set) var viewModels: [EpisodeGuide.LoadGuide.ViewModel] = []
    private(set) var episodes: [EpisodeGuide.ShowEpisode.ViewModel] = []
    func displayGuide(viewModel: EpisodeGuide.LoadGuide.ViewModel) { viewModels.append(viewModel) }
    func displayEpisode(viewModel: EpisodeGuide.ShowEpisode.ViewModel) { episodes.append(viewModel) }
}

/// Sets `TZ` for the length of a test and puts the old value back.
final class TimeZoneSetting {
    private let old: String?

    init(_ zone: String) {
        old = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
    }

    func restore() {
        if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }
    }
}

/// A show as the list gives it, for the guide's title.
func makeShow(id: Int, name: String) -> TVShow {
    TVShow(id: id, name: name)
}
