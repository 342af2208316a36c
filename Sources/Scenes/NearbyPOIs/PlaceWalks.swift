import Domain

/// The walks by the streets from the search centre to the places listed: the walking graph of
/// the streets loaded, one search from the centre (`WalkingReach`), and each place's walk
/// worked out once.
struct PlaceWalks {
    /// The walking pace.
    let pace: WalkingPace
    private var graph: WalkingGraph?
    private var reach: WalkingReach?
    private var reachCenter: Coordinate?
    private var walks: [String: WalkingRoute?] = [:]

    /// Makes an empty set of walks.
    /// - Parameter pace: the walking pace.
    init(pace: WalkingPace) {
        self.pace = pace
    }

    /// Takes the streets loaded (nil: none): the graph is built again and every walk forgotten.
    mutating func use(_ map: StreetMap?) {
        graph = map.map { WalkingGraph(ways: $0.ways) }
        reach = nil
        reachCenter = nil
        walks = [:]
    }

    /// A place with its walk from a centre, when the streets reach both.
    /// - Parameters:
    ///   - place: the place.
    ///   - center: the search centre.
    /// - Returns: the place, its `walk` set or nil.
    mutating func withWalk(_ place: NearbyPOIs.LoadPOIs.Response.NearbyPOI, from center: Coordinate) -> NearbyPOIs.LoadPOIs.Response.NearbyPOI {
        guard let graph else { return place }
        if reachCenter != center {
            reachCenter = center
            walks = [:]
            reach = try? WalkingReach(graph: graph, from: center, pace: pace)
        }
        guard let reach else { return place }
        var copy = place
        if let known = walks[place.poi.id] {
            copy.walk = known
        } else {
            let walk = try? reach.route(to: place.poi.coordinate)
            walks[place.poi.id] = .some(walk)
            copy.walk = walk
        }
        return copy
    }
}
