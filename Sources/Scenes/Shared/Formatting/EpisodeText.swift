import Domain

/// An episode named in one line, the same in the guide, a show's details, Continue and the
/// command-line listings.
package enum EpisodeText {
    /// `S06E06 ‘Treehouse of Horror V’ 9.6`: the code, the title in quotes, the rating when
    /// the episode has one.
    package static func named(_ episode: Episode) -> String {
        var text = episode.code + " ‘" + title(episode) + "’"
        if let rating = episode.rating { text += " " + ShowFormatting.rating(rating.average) }
        return text
    }

    /// The episode's name, or `(untitled)` when it is blank.
    package static func title(_ episode: Episode) -> String {
        episode.name.allSatisfy(\.isWhitespace) ? "(untitled)" : episode.name
    }
}
