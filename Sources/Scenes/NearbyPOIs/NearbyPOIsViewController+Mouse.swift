import Terminal

/// Paste into the city search or the filter, and mouse clicks on the list, the map and the pickers.
extension NearbyPOIsViewController {
    package func paste(_ text: String) {
        if let outcome = picker?.paste(text) {
            apply(outcome)
        } else if case .changed(let query) = list.filter.insert(text) {
            interactor?.filterPOIs(request: .init(query: query))
        }
    }

    /// A click on a row of the list or of a picker, or on a place on the map, selects it; a
    /// double click opens the place or takes the choice.
    package func handle(click: SceneClick) -> Bool {
        transientMessage = nil
        marked.clearMessage()
        if picker != nil {
            guard let outcome = picker?.click(click, places: viewModel, cities: citiesViewModel) else { return false }
            apply(outcome)
            return true
        }
        guard details == nil, let rows = viewModel?.rows else { return false }
        if let id = map.spot(near: click), let index = rows.firstIndex(where: { $0.id == id }) {
            // A place on the map: select it; a second click on it opens it.
            if click.count == 2 && index == cursor.index { return handleListKey(.enter) }
            move(to: index)
            return true
        }
        switch list.click(click, count: rows.count, id: { rows[$0].id }) {
        case nil: return false
        case .open: return handleListKey(.enter)
        case .selected:
            loadMoreIfNeeded()
            return true
        }
    }
}
