import Domain
import Terminal

/// The mini-map as the places scene shows it: beside the list on a wide terminal, instead of
/// it after `m` on a narrow one; its zoom (`z`, `Z`), and where each place was drawn, so that a
/// click on the map selects a place. The drawing and its geometry are `MiniMap`'s.
struct MiniMapPane {
    /// The narrowest terminal that shows the map beside the list, in cells.
    static let sideMinimumWidth = NearbyPOIs.sideMapMinimumColumns

    /// The zoom steps from the framing that fits the places (`z` in, `Z` out).
    private(set) var zoom = 0
    /// True when the map replaces the list on a narrow terminal (`m`).
    private(set) var isShown = false
    /// The screen cell of each place on the map, as last drawn.
    private(set) var spots: [(row: Int, column: Int, id: String)] = []

    /// The streets drawn under the places, as last loaded.
    var streets: NearbyPOIs.LoadStreets.ViewModel?
    /// How far the view's middle is panned from the framing, in metres east and north.
    private(set) var pan = (east: 0.0, north: 0.0)
    /// The search centre the pan belongs to: a new centre starts unpanned.
    private var panCenter: Coordinate?
    /// The ground one cell width covered as last drawn, in metres.
    private var metersPerCell = 0.0
    /// The cells one pan step moves the view across (a quarter of a typical pane).
    static let panStepCells = 10.0

    /// Moves the view one step (`panStepCells` cells at the scale last drawn); no request is
    /// made, as the streets loaded cover the search around the centre. The view's middle
    /// stays within the larger of the search radius and the streets loaded.
    /// - Parameters:
    ///   - east: −1 west, 1 east, 0 neither.
    ///   - north: −1 south, 1 north, 0 neither.
    ///   - radiusMeters: the search radius, in metres.
    mutating func panBy(east: Int, north: Int, radiusMeters: Double) {
        let step = metersPerCell > 0 ? metersPerCell * Self.panStepCells : radiusMeters / 4
        // A row is two cell widths tall: half as many rows make a like step north.
        let limit = max(radiusMeters, 1)
        pan.east = min(limit, max(-limit, pan.east + Double(east) * step))
        pan.north = min(limit, max(-limit, pan.north + Double(north) * step))
    }

    /// One step in, up to `MiniMap.maximumZoom`.
    mutating func zoomIn() {
        zoom = min(MiniMap.maximumZoom, zoom + 1)
    }

    /// One step out, down to `MiniMap.minimumZoom`.
    mutating func zoomOut() {
        zoom = max(MiniMap.minimumZoom, zoom - 1)
    }

    /// `m`: shows the map instead of the list, or the list again, on a narrow terminal.
    /// - Parameter width: the width last drawn, in cells.
    /// - Returns: true when toggled; false when the terminal is wide enough that the map is
    ///   always beside the list (the Presenter's `mapBesideListMessage` says so).
    mutating func toggle(width: Int) -> Bool {
        guard width < Self.sideMinimumWidth else { return false }
        isShown.toggle()
        return true
    }

    /// Forgets the places drawn (a new frame starts).
    mutating func beginFrame() {
        spots = []
    }

    /// Draws the map at the current zoom, highlighting the selection.
    @MainActor
    mutating func draw(on canvas: Canvas, in rect: Rect, bordered: Bool, viewModel: NearbyPOIs.LoadPOIs.ViewModel?, selectedID: String?) {
        if viewModel?.center != panCenter {
            panCenter = viewModel?.center
            pan = (0, 0)
        }
        spots += MiniMap.draw(
            on: canvas, in: rect, bordered: bordered, viewModel: viewModel, selectedID: selectedID, zoom: zoom,
            streets: streets, pan: pan, metersPerCell: &metersPerCell)
    }

    /// The place drawn at the clicked cell, or in a cell next to it (the nearest such; a cell
    /// holds up to eight places' dots, and the first listed wins).
    func spot(near click: SceneClick) -> String? {
        var best: (distance: Int, id: String)?
        for spot in spots {
            let distance = max(abs(spot.row - click.row), abs(spot.column - click.column))
            guard distance <= 1 else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (distance, spot.id)
        }
        return best?.id
    }
}
