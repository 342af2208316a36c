import Domain

/// One show as the mirror keeps it: the listed fields and its synopsis as TVmaze's HTML (turned
/// into text only when its details are asked for).
public struct MirrorShow: Sendable, Equatable {
    /// The show (its `summary` left empty).
    public let show: TVShow
    /// The synopsis as TVmaze sends it (HTML), or nil for none.
    public let summaryHTML: String?

    /// Makes one.
    /// - Parameters:
    ///   - show: the show.
    ///   - summaryHTML: its synopsis as HTML, or nil.
    public init(show: TVShow, summaryHTML: String?) {
        self.show = show
        self.summaryHTML = summaryHTML
    }
}
