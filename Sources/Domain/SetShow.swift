/// A show's settings as the store keeps them, with the name it was last seen under.
public struct SetShow: Sendable, Hashable {
    /// The show.
    public let show: WatchedShowID
    /// Its name.
    public let name: String
    /// Its settings.
    public let settings: ShowWatchSettings

    /// Makes one.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - settings: its settings.
    public init(show: WatchedShowID, name: String, settings: ShowWatchSettings) {
        self.show = show
        self.name = name
        self.settings = settings
    }
}
