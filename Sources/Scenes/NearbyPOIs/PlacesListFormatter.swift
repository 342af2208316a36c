import Domain
import FoundationEssentials

/// The places list's words: the rows, the summary line, the count, the message of an empty
/// list (a lack of the offline snapshot's included), the status line, the source and its
/// credit in each width, the map's points and scale choices, and the radius limit's message.
enum PlacesListFormatter {
    /// The message for `+` at the widest radius or `-` at the narrowest: `25 km is the widest
    /// search`, `250 m is the narrowest search`.
    static func viewModel(for response: NearbyPOIs.ChangeRadius.Response, units: NearbyPOIs.Units) -> NearbyPOIs.ChangeRadius.ViewModel {
        let radius = PlaceDistances.radiusLabel(response.radiusMeters, units: units)
        return .init(message: "\(radius) is the \(response.wider ? "widest" : "narrowest") search")
    }

    /// The list's view model for a response (also used by the plain-text listing).
    /// - Parameters:
    ///   - response: the list's state.
    ///   - units: how distances are written.
    ///   - now: the current Unix time in seconds, to say a cached copy's age.
    ///   - keyHints: true to tell people which keys help (`Press + to widen the search`);
    ///     false for output nobody can type into (a pipe).
    /// - Returns: the view model.
    package static func viewModel(for response: NearbyPOIs.LoadPOIs.Response, units: NearbyPOIs.Units, now: Int64, keyHints: Bool = true) -> NearbyPOIs.LoadPOIs.ViewModel {
        let rows = response.places.map { row(for: $0, units: units, chosen: response.category, center: response.center) }
        let points = response.places.map { place -> NearbyPOIs.LoadPOIs.ViewModel.MapPoint in
            let offset = PlaceDistances.mapOffset(of: place.poi.coordinate, from: response.center)
            let radius = max(1, response.radiusMeters)
            return .init(id: place.poi.id, east: offset.eastMeters / radius, north: offset.northMeters / radius)
        }
        let radius = PlaceDistances.radiusLabel(response.radiusMeters, units: units)
        let count: String
        if response.openNowOnly {
            // What is listed, out of every place found: `2 of 8 places open now`.
            let more = response.hasMore && response.totalCount > 0 ? "+" : ""
            count = "\(rows.count) of \(response.totalCount)\(more) places open \(response.openOnArrival ? "when you get there" : "now")"
        } else if response.query.isEmpty {
            let more = response.hasMore && response.totalCount > 0 ? "+" : ""
            count = response.totalCount == 1 && more.isEmpty ? "1 place" : "\(response.totalCount)\(more) places"
        } else {
            count = "\(rows.count) of \(response.totalCount) places"
        }
        var summary = [locationPhrase(response), "within \(radius)"]
        if let category = response.category { summary.append(category.displayName) }
        summary.append(response.isLoading && response.totalCount == 0 ? "searching…" : count)
        // First, so that a narrow list still shows the filter is on.
        if response.openNowOnly { summary.insert(response.openOnArrival ? "Open when you get there" : "Open now only", at: 0) }

        var emptyMessage: String?
        var emptyMessageStyle = MessageStyle.info
        if rows.isEmpty {
            if response.isLoading {
                emptyMessage = "Looking for places within \(radius)…"
            } else if let error = response.error {
                emptyMessage = ShowFormatting.failure(error, retryInSeconds: response.retryInSeconds, keyHints: keyHints)
                emptyMessageStyle = .error
            } else if response.openNowOnly && response.hiddenByOpenNow > 0 {
                let count = response.hiddenByOpenNow == 1 ? "the 1 place" : "the \(response.hiddenByOpenNow) places"
                emptyMessage = "None of \(count) found is open now by its opening hours." + (keyHints ? " Press o to list them all." : "")
            } else if !response.query.isEmpty {
                emptyMessage = "No place matches “\(response.query)”."
            } else if let lacking = snapshotLack(response) {
                // Widening cannot help: the recorded area has none of that kind at all.
                emptyMessage = lacking + (keyHints ? " Press c to change the category, or L to choose a city." : "")
            } else {
                let kind = response.category.map { "\($0.displayName) places" } ?? "places"
                var message = "No \(kind.lowercased()) within \(radius)."
                if case .embeddedSnapshot? = response.source, !response.snapshotAreaNames.isEmpty {
                    message += " The offline snapshot holds only places in " + listed(response.snapshotAreaNames) + "."
                }
                if keyHints {
                    // `+` is offered only while a wider step exists.
                    let canWiden = NearbyPOIs.radiusStep(from: response.radiusMeters, wider: true) != nil && widensOntoSnapshot(response)
                    message +=
                        canWiden
                        ? " Press + to widen the search, c to change the category, or L to choose a city."
                        : " Press c to change the category, or L to choose a city."
                }
                emptyMessage = message
            }
        }
        var status: String?
        var statusIsError = false
        if let error = response.error, !rows.isEmpty, let countdown = countdown(error, response.retryInSeconds) {
            status = countdown + " (r retries now)"
            statusIsError = true
        } else if let error = response.error, !rows.isEmpty {
            status = ShowFormatting.error(error, hint: "r retries")
            statusIsError = true
        } else if response.isLoading && !rows.isEmpty {
            status = "Looking for places within \(radius)…"
        } else if !response.fallbackReasons.isEmpty {
            // Several reasons leave no room for the hint (`r` is in the help and the hints).
            let reasons = ShowFormatting.reasons(response.fallbackReasons)
            status = response.fallbackReasons.count == 1 ? ShowFormatting.joined(reasons, hint: "r retries") : reasons
        }
        let attribution = response.source.map(POIAttribution.line(for:)) ?? ""
        let shortAttribution = shortCredit(attribution)
        let choices =
            [NearbyPOIs.LoadPOIs.ViewModel.CategoryChoice(id: nil, label: "All categories")]
            + POICategory.allCases.map { .init(id: $0.id, label: $0.displayName) }
        let current = response.category.flatMap { POICategory.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        var model = NearbyPOIs.LoadPOIs.ViewModel(
            rows: rows,
            mapPoints: points,
            title: "Places near " + (response.city?.name ?? response.defaultAreaName ?? CoordinateText.decimal(response.center, decimals: 4)),
            summary: summary.joined(separator: " · "),
            sourceLabel: response.source.map { ShowFormatting.source($0, now: now) } ?? (response.isLoading ? "loading…" : "no source"),
            sourceShortLabel: response.source.map { shortSource($0, now: now) } ?? (response.isLoading ? "loading…" : "no source"),
            attribution: attribution,
            attributionASCII: ascii(attribution),
            attributionShort: shortAttribution,
            attributionShortASCII: ascii(shortAttribution),
            centerLabel: CoordinateText.decimal(response.center, decimals: 4, separator: ","),
            radiusLabel: radius,
            categoryChoices: choices,
            currentCategoryIndex: current,
            countLabel: count,
            query: response.query,
            emptyMessage: emptyMessage,
            emptyMessageStyle: emptyMessageStyle,
            statusMessage: status,
            statusIsError: statusIsError,
            isLoadingMore: response.isLoadingMore,
            canLoadMore: response.loadStatus.canLoadMore,
            radiusMeters: response.radiusMeters,
            scaleChoices: scaleChoices(units: units),
            openNowOnly: response.openNowOnly,
            hoursClock: response.places.lazy.compactMap(\.hours).first.map(OpeningHoursText.clockPhrase),
            credit: credit,
            mapBesideListMessage: "The map is always beside the list at \(NearbyPOIs.sideMapMinimumColumns) columns or more"
        )
        model.awaitsRows = response.places.isEmpty && response.isLoading
        model.center = response.center
        model.openOnArrival = response.openNowOnly && response.openOnArrival
        return model
    }

    /// Round distances for the map's scale bar, 10 m to 100 km (100 ft to 50 mi), shortest first.
    static func scaleChoices(units: NearbyPOIs.Units) -> [NearbyPOIs.LoadPOIs.ViewModel.ScaleChoice] {
        let meters: [Double]
        switch units {
        case .metric: meters = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
        case .imperial:
            let feet: [Double] = [100, 200, 500]
            let miles: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50]
            meters = feet.map { $0 * 0.3048 } + miles.map { $0 * 1_609.344 }
        }
        return meters.map { .init(meters: $0, label: PlaceDistances.radiusLabel($0, units: units)) }
    }

    /// A rate limit's countdown, in the words every scene uses (`ShowFormatting.retrying`), for
    /// example `Geoapify is rate limiting: retrying in 8 s` or `… retrying in 3 min`; nil
    /// for other errors or when no retry is waiting.
    static func countdown(_ error: SourceError, _ seconds: Int?) -> String? {
        guard case .rateLimited(let provider, _) = error, let seconds else { return nil }
        return ShowFormatting.retrying(provider: provider, inSeconds: seconds)
    }

    /// Names as a list in words: `A`, `A and B`, `A, B and C`.
    static func listed(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let rest = names.dropLast()
        return rest.isEmpty ? last : rest.joined(separator: ", ") + " and " + last
    }

    /// One row: the name (or category and street), category, distance and bearing.
    /// - Parameters:
    ///   - place: the place.
    ///   - units: the distance's units.
    ///   - chosen: the category the list is filtered to: a place of several kinds (Sultan's
    ///     Inn is tagged both `amenity=restaurant` and `tourism=hotel`) is listed as that kind,
    ///     the reason it is in the list; nil for every category (its first kind).
    ///   - center: the search centre, that the walk's line on the map is measured from.
    static func row(
        for place: NearbyPOIs.LoadPOIs.Response.NearbyPOI, units: NearbyPOIs.Units,
        chosen: POICategory? = nil, center: Coordinate? = nil
    ) -> NearbyPOIs.LoadPOIs.ViewModel.Row {
        let name = PlaceText.name(place.poi)
        let bearing = PlaceDistances.bearing(place)
        let open = OpeningHoursText.openNow(place.hours)
        var row = NearbyPOIs.LoadPOIs.ViewModel.Row(
            id: place.poi.id, name: name.text, nameIsPlaceholder: name.isPlaceholder,
            category: chosen.flatMap { place.poi.categories.contains($0) ? $0.displayName : nil } ?? PlaceText.category(place.poi) ?? ShowFormatting.missing,
            distance: PlaceDistances.distance(place.distanceMeters, units: units),
            arrow: bearing.arrow, compass: bearing.compass,
            openShort: open.short, openMedium: open.medium, openLong: open.long, isOpen: open.isOpen
        )
        if let walk = place.walk {
            row.walkMinutes = walk.seconds / 60
            row.walk = PlaceDistances.walk(minutes: row.walkMinutes, byTheStreets: true)
            row.routeFacts = [PlaceDistances.walkDistance(walk.meters, units: units) + " by the streets", RouteWords.minutes(walk.seconds)]
            row.route = routeLine(walk, from: center)
        } else {
            row.walkMinutes = WalkingEstimate.minutes(straightLineMeters: place.distanceMeters)
            row.walk = PlaceDistances.walk(minutes: row.walkMinutes)
        }
        row.arrival = place.openOnArrival.map { $0 ? "Open when you arrive" : "Closed when you arrive" }
        return row
    }

    /// A walk's points in metres from the centre, as the map draws them.
    private static func routeLine(_ walk: WalkingRoute, from center: Coordinate?) -> NearbyPOIs.LoadPOIs.ViewModel.RouteLine? {
        guard let center else { return nil }
        let offsets = walk.points.map { PlaceDistances.mapOffset(of: $0, from: center) }
        return .init(east: offsets.map { Float($0.eastMeters) }, north: offsets.map { Float($0.northMeters) })
    }

    /// Where the search is, as the summary line says it.
    private static func locationPhrase(_ response: NearbyPOIs.LoadPOIs.Response) -> String {
        if let city = response.city {
            return "Near " + CityPickerFormatter.cityName(city)
        }
        if let area = response.defaultAreaName {
            return "No location given: \(area) (snapshot area)"
        }
        return "Near " + CoordinateText.decimal(response.center, decimals: 4)
    }

    /// When the embedded snapshot answered nothing for a category: the snapshot area the
    /// search falls in, if it records no place of that kind at all, named with what it does
    /// hold — `The offline snapshot records no pharmacy places around Istanbul, only
    /// restaurants and cafés.` Nil when the area has that kind (farther out: `+` may help),
    /// for a live source, or with no category.
    static func snapshotLack(_ response: NearbyPOIs.LoadPOIs.Response) -> String? {
        guard case .embeddedSnapshot? = response.source, let category = response.category else { return nil }
        // The area whose extent the search circle touches, nearest centre first.
        let touching = response.snapshotAreas
            .map { ($0, Geo.distanceMeters(from: response.center, to: $0.center)) }
            .filter { $0.1 <= $0.0.radiusMeters + response.radiusMeters }
            .sorted { $0.1 < $1.1 }
        guard let area = touching.first?.0, !area.categories.contains(category) else { return nil }
        let held = area.categories.map { plural($0) }
        let holds = held.isEmpty ? "" : ", only " + listed(held)
        return "The offline snapshot records no \(category.displayName.lowercased()) places around \(area.name)\(holds)."
    }

    /// Whether a wider search can find more than this one: always for a live source; on the
    /// embedded snapshot, whose areas are bounded, only when some recorded area is not wholly
    /// inside the search circle already and the widest radius reaches it (Lyon is 390 km from
    /// every recorded area: `+` cannot help there). Unknown areas count as helping.
    static func widensOntoSnapshot(_ response: NearbyPOIs.LoadPOIs.Response) -> Bool {
        guard case .embeddedSnapshot? = response.source, !response.snapshotAreas.isEmpty else { return true }
        let widest = NearbyPOIs.radiusStepsMeters.last ?? response.radiusMeters
        return response.snapshotAreas.contains { area in
            let distance = Geo.distanceMeters(from: response.center, to: area.center)
            return distance + area.radiusMeters > response.radiusMeters && distance - area.radiusMeters < widest
        }
    }

    /// A category's name for many places: `restaurants`, `cafés`, `fast-food places`.
    static func plural(_ category: POICategory) -> String {
        switch category {
        case .fastFood: return "fast-food places"
        case .atm: return "ATMs"
        case .fuel: return "fuel stations"
        case .library: return "libraries"
        case .pharmacy: return "pharmacies"
        case .bakery: return "bakeries"
        case .cafe: return "cafés"
        default: return category.displayName.lowercased() + "s"
        }
    }

    /// A credit line in ASCII: `©` as `(c)`, `·` as `-`.
    private static func ascii(_ credit: String) -> String {
        credit.replacing("©", with: "(c)").replacing("·", with: "-")
    }

    /// A credit line for narrow status bars: `© OpenStreetMap contributors` as `© OSM` (the
    /// help overlay keeps the full credit).
    private static func shortCredit(_ credit: String) -> String {
        credit.replacing("© OpenStreetMap contributors", with: "© OSM")
    }

    /// The source without its date: `offline snapshot`, `Overpass live`.
    private static func shortSource(_ source: DataSource, now: Int64) -> String {
        if case .embeddedSnapshot = source { return "offline snapshot" }
        return ShowFormatting.source(source, now: now)
    }

    /// The credit line under the help overlay: whom the places and the cities come from.
    static let credit = "Places: OpenStreetMap contributors (ODbL), Geoapify; cities: GeoNames (CC BY 4.0)"
}
