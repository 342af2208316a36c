import Domain

/// A place's details: its facts (category, distance, direction, address, hours, phone,
/// website, coordinates, source with the provider, id, tags) and what a copy key says.
enum POIDetailsFormatter {
    /// The detail view model of a place.
    /// - Parameters:
    ///   - response: the place.
    ///   - units: how distances are written.
    ///   - now: the current Unix time in seconds, to say a cached copy's age.
    /// - Returns: the view model.
    static func viewModel(for response: NearbyPOIs.ShowPOIDetails.Response, units: NearbyPOIs.Units, now: Int64) -> NearbyPOIs.ShowPOIDetails.ViewModel {
        let place = response.place
        let poi = place.poi
        let name = PlaceText.name(poi)
        let kinds = poi.categories.map(\.displayName)
        let kind = kinds.isEmpty ? (PlaceText.category(poi) ?? ShowFormatting.missing) : kinds.joined(separator: ", ")
        let distanceText = PlaceDistances.distance(place.distanceMeters, units: units)
        let bearing = PlaceDistances.bearing(place)
        let direction = place.distanceMeters >= 1 ? PlaceDistances.compassWords(CompassPoint(bearingDegrees: place.bearingDegrees)) : "Here"
        func text(_ value: String?) -> String {
            guard let value, !PlaceText.isBlank(value) else { return ShowFormatting.missing }
            return value
        }
        let address = poi.addressLines.filter { !PlaceText.isBlank($0) }
        let facts: [NearbyPOIs.ShowPOIDetails.ViewModel.Fact] =
            [
                .init(label: "Category", value: kind),
                .init(label: "Distance", value: distanceText),
                .init(label: "Direction", value: direction)
            ] + walkFacts(place, units: units, streetsLoading: response.streetsLoading) + [
                .init(label: "Address", value: address.isEmpty ? ShowFormatting.missing : address.joined(separator: ", ")),
                .init(label: "Opening hours", value: text(poi.openingHours))
            ] + OpeningHoursText.hoursFacts(place.hours) + [
                .init(label: "Phone", value: text(poi.phone)),
                .init(label: "Website", value: text(poi.website)),
                .init(label: "Coordinates", value: CoordinateText.decimal(poi.coordinate, decimals: 5)),
                .init(label: "Source", value: sourceWithProvider(poi.source, now: now)),
                .init(label: "Source id", value: text(poi.id)),
                .init(label: "Tags", value: poi.rawCategories.isEmpty ? ShowFormatting.missing : poi.rawCategories.joined(separator: ", "))
            ]
        let subtitle = [kinds.first ?? PlaceText.category(poi), "\(distanceText) \(bearing.compass)"]
            .compactMap { $0 }.joined(separator: " · ")
        let website = poi.website.flatMap { PlaceText.isBlank($0) ? nil : $0 }
        return .init(
            id: poi.id, title: name.text, subtitle: subtitle, facts: facts,
            oneLineLabels: ["Website", "Source id"], copyID: PlaceText.isBlank(poi.id) ? nil : poi.id, copyWebsite: website,
            copyIDNotes: copyNotes("source id"), copyWebsiteNotes: copyNotes("web address"), isUpdate: response.isUpdate)
    }

    /// The walk there: by the streets with its steps and whether the place is open on arrival,
    /// else the straight-line estimate, said as such (with why: the streets are still loading,
    /// or none loaded reach the place). Lengths in `units`.
    static func walkFacts(_ place: NearbyPOIs.LoadPOIs.Response.NearbyPOI, units: NearbyPOIs.Units, streetsLoading: Bool = false) -> [NearbyPOIs.ShowPOIDetails.ViewModel.Fact] {
        guard let walk = place.walk else {
            let minutes = WalkingEstimate.minutes(straightLineMeters: place.distanceMeters)
            let why = streetsLoading ? "streets still loading" : "no streets loaded reach it"
            return [.init(label: "Walk", value: PlaceDistances.walk(minutes: minutes) + " (straight-line estimate: \(why))")]
        }
        var summary = RouteWords.summary(walk, distance: units.walkDistance)
        if let open = place.openOnArrival { summary += open ? " · open when you arrive" : " · closed when you arrive" }
        if RouteWords.isThere(walk) { return [.init(label: "Walk", value: summary)] }
        return [.init(label: "Walk", value: summary), .init(label: "Turn by turn", value: RouteWords.sentence(walk.steps, distance: units.walkDistance))]
    }

    /// What the status bar says after copying a value (`y`, `Y`), for each outcome.
    /// - Parameter what: the value's name, for example `source id` or `web address`.
    static func copyNotes(_ what: String) -> NearbyPOIs.ShowPOIDetails.CopyNotes {
        .init(
            sent: "Whole \(what) sent to the clipboard (OSC 52)",
            noClipboard: "No clipboard here: the whole \(what) is in --json",
            refused: "No clipboard on this terminal: the whole \(what) is in --json",
            nothing: "This place has no \(what) to copy")
    }

    /// The source with its provider: `OpenStreetMap, offline snapshot 2025-12-04`.
    private static func sourceWithProvider(_ source: DataSource, now: Int64) -> String {
        switch source {
        case .embeddedSnapshot(let provider, _): return "\(provider), \(ShowFormatting.source(source, now: now))"
        default: return ShowFormatting.source(source, now: now)
        }
    }
}
