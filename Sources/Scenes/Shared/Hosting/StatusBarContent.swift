/// What the status bar shows for the scene on top: the data's source, the position, and a
/// few key hints.
package struct StatusBarContent: Equatable, Sendable {
    /// The source on screen, for example `TVmaze live` or `offline snapshot 2025-08-13`.
    package var source: String
    /// The position, for example `3/700`; empty when not a list.
    package var position: String
    /// Short key hints, for example `⏎ open  / filter  ? help  q quit`.
    package var hints: String
    /// A transient message (loading, an error); nil when none.
    package var message: String?
    /// Whether the message is an error.
    package var messageIsError: Bool = false
}
