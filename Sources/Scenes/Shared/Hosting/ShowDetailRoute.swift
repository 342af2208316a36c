import Domain

/// The route the list scenes take to a show's details: it builds a ShowDetail scene, hands it
/// the show through the scene's data store (Clean Swift's data passing) and pushes it.
@MainActor
package struct ShowDetailRoute {
    private let make: @MainActor () -> (SceneViewController, ShowDetailDataStore)

    /// Makes the route.
    /// - Parameter make: builds a ShowDetail scene and returns it with its data store.
    package init(make: @escaping @MainActor () -> (SceneViewController, ShowDetailDataStore)) {
        self.make = make
    }

    /// Opens a show's details; nothing when no show is chosen.
    /// - Parameters:
    ///   - show: the chosen show, or nil.
    ///   - listedSource: the source of the list it was chosen from, when the details should
    ///     continue it (`ShowDetailDataStore.listedSource`).
    ///   - navigator: the stack the details are pushed on.
    package func open(_ show: TVShow?, listedSource: DataSource? = nil, on navigator: SceneNavigating?) {
        guard let show else { return }
        let (scene, destination) = make()
        destination.show = show
        if let listedSource { destination.listedSource = listedSource }
        navigator?.push(scene)
    }
}
