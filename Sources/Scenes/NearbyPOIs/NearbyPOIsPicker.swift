import Terminal

/// The places scene's picker over the list: the categories (`c`) or the city search (`L`),
/// one `PickerView` either way. Keys go to it while it is open; what they ask for comes back
/// as an `Outcome` for the ViewController to turn into a Request.
@MainActor
struct NearbyPOIsPicker {
    /// Which choices it offers.
    enum Kind: Sendable, Equatable {
        /// The categories.
        case categories
        /// The cities matching the typed name, and "ask online".
        case cities
    }

    /// What a key asks for.
    enum Outcome: Equatable {
        /// Nothing beyond redrawing.
        case none
        /// Close the picker.
        case close
        /// Close it and search this category (nil: all categories).
        case chooseCategory(String?)
        /// Close it and search around this city.
        case chooseCity(String)
        /// Search cities for the typed name (`online`: ask the online geocoder too).
        case searchCities(String, online: Bool)
    }

    /// The choices offered.
    let kind: Kind
    /// The selection and where the choices were drawn.
    private(set) var view = PickerView()
    /// The city name typed so far.
    private(set) var query = ""

    /// The category picker, with the category in force selected.
    static func categories(current: Int, count: Int) -> NearbyPOIsPicker {
        var picker = NearbyPOIsPicker(kind: .categories)
        picker.view.select(current, count: count)
        return picker
    }

    /// The city search, with a name already typed (or none).
    static func cities(query: String = "") -> NearbyPOIsPicker {
        var picker = NearbyPOIsPicker(kind: .cities)
        picker.query = query
        return picker
    }

    /// How many choices there are: the categories, or the cities and "ask online".
    static func count(_ kind: Kind, places: NearbyPOIs.LoadPOIs.ViewModel?, cities: NearbyPOIs.SearchCities.ViewModel?) -> Int {
        switch kind {
        case .categories: return places?.categoryChoices.count ?? 0
        case .cities: return (cities?.rows.count ?? 0) + (cities?.onlineLabel == nil ? 0 : 1)
        }
    }

    /// Keeps the selection on a choice after the cities changed.
    mutating func choicesChanged(count: Int) {
        view.select(view.index, count: count)
    }

    /// Handles a key.
    /// - Returns: what it asks for, or nil when the picker does not bind the key.
    mutating func handle(_ key: Key, places: NearbyPOIs.LoadPOIs.ViewModel?, cities: NearbyPOIs.SearchCities.ViewModel?) -> Outcome? {
        let count = Self.count(kind, places: places, cities: cities)
        if kind == .cities, case .character(let c) = key { return type(query + String(c)) }
        let keyMap = kind == .categories ? NearbyPOIsKeyMaps.categoryKeyMap : NearbyPOIsKeyMaps.cityKeyMap
        guard let action: NearbyPOIsKeyMaps.PickerAction = keyMap.action(for: key) else { return nil }
        switch action {
        case .move(let move):
            view.move(move, count: count)
            return Outcome.none
        case .erase: return type(String(query.dropLast()))
        case .eraseWord: return type(FilterField.deletingLastWord(query))
        case .clear: return type("")
        case .cancel: return .close
        case .choose:
            switch kind {
            case .categories:
                guard let choices = places?.categoryChoices, choices.indices.contains(view.index) else { return .close }
                return .chooseCategory(choices[view.index].id)
            case .cities:
                guard let cities else { return Outcome.none }
                if cities.rows.indices.contains(view.index) { return .chooseCity(cities.rows[view.index].id) }
                guard cities.onlineLabel != nil else { return Outcome.none }
                view.select(0, count: count)
                return .searchCities(query, online: true)
            }
        }
    }

    /// Takes pasted text into the city name.
    mutating func paste(_ text: String) -> Outcome {
        kind == .cities ? type(query + text) : Outcome.none
    }

    /// A click on a choice selects it; a double click takes it (as Enter).
    /// - Returns: what it asks for, or nil when the click fell outside the choices.
    mutating func click(_ click: SceneClick, places: NearbyPOIs.LoadPOIs.ViewModel?, cities: NearbyPOIs.SearchCities.ViewModel?) -> Outcome? {
        switch view.click(click, count: Self.count(kind, places: places, cities: cities)) {
        case nil: return nil
        case .selected: return Outcome.none
        case .open: return handle(.enter, places: places, cities: cities)
        }
    }

    private mutating func type(_ text: String) -> Outcome {
        guard text != query else { return Outcome.none }
        query = text
        view.select(0, count: 1)
        return .searchCities(text, online: false)
    }

    /// Draws the box over the scene.
    @MainActor
    mutating func draw(on canvas: Canvas, in rect: Rect, places: NearbyPOIs.LoadPOIs.ViewModel?, cities: NearbyPOIs.SearchCities.ViewModel?) {
        switch kind {
        case .categories:
            guard let places else { return }
            let items = places.categoryChoices.enumerated().map { PickerView.Item(label: $1.label, isCurrent: $0 == places.currentCategoryIndex) }
            view.draw(on: canvas, in: rect, content: .init(title: "Category", items: items))
        case .cities:
            var items = (cities?.rows ?? []).map { PickerView.Item(label: $0.name, detail: $0.detail) }
            if let online = cities?.onlineLabel { items.append(.init(label: online, role: .accent)) }
            view.draw(
                on: canvas, in: rect,
                content: .init(
                    title: cities?.title ?? "Find a city", field: ("City: ", query), items: items,
                    message: cities?.message, messageIsError: cities?.messageIsError ?? false, width: 70))
        }
    }
}
