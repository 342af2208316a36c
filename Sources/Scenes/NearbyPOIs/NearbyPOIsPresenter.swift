import Domain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Formats the NearbyPOIs state into rows, map points, labels and details (the scene's only
/// formatting): distances (`95 m`, `1.2 km`, `0.7 mi`), bearings (`↗` / `NE`), placeholders
/// for unnamed places (category and street), the source and its credit line.
@MainActor
package final class NearbyPOIsPresenter: NearbyPOIsPresentationLogic {
    package weak var viewController: NearbyPOIsDisplayLogic?
    /// How distances are written.
    let units: NearbyPOIs.Units

    /// Makes a Presenter.
    /// - Parameter units: metric (default) or imperial distances.
    package init(units: NearbyPOIs.Units = .metric) {
        self.units = units
    }

    package func presentPlaces(response: NearbyPOIs.LoadPlaces.Response) {
        viewController?.displayPlaces(viewModel: Self.viewModel(for: response, units: units))
    }

    package func presentCities(response: NearbyPOIs.SearchCities.Response) {
        viewController?.displayCities(viewModel: Self.viewModel(for: response))
    }

    package func presentPlaceDetails(response: NearbyPOIs.ShowPlaceDetails.Response) {
        viewController?.displayPlaceDetails(viewModel: Self.viewModel(for: response, units: units))
    }

    // MARK: The list

    package func presentRadiusLimit(response: NearbyPOIs.ChangeRadius.Response) {
        viewController?.displayRadiusLimit(viewModel: Self.viewModel(for: response, units: units))
    }

    /// The message for `+` at the widest radius or `-` at the narrowest: `25 km is the widest
    /// search`, `250 m is the narrowest search`.
    nonisolated static func viewModel(for response: NearbyPOIs.ChangeRadius.Response, units: NearbyPOIs.Units) -> NearbyPOIs.ChangeRadius.ViewModel {
        let radius = radiusLabel(response.radiusMeters, units: units)
        return .init(message: "\(radius) is the \(response.wider ? "widest" : "narrowest") search")
    }

    /// The list's view model for a response (also used by the plain-text listing).
    /// - Parameters:
    ///   - response: the list's state.
    ///   - units: how distances are written.
    ///   - keyHints: true to tell people which keys help (`Press + to widen the search`);
    ///     false for output nobody can type into (a pipe).
    /// - Returns: the view model.
    package nonisolated static func viewModel(for response: NearbyPOIs.LoadPlaces.Response, units: NearbyPOIs.Units, keyHints: Bool = true) -> NearbyPOIs.LoadPlaces.ViewModel {
        let rows = response.places.map { row(for: $0, units: units) }
        let points = response.places.map { place -> NearbyPOIs.LoadPlaces.ViewModel.MapPoint in
            let offset = mapOffset(of: place.poi.coordinate, from: response.center)
            let radius = max(1, response.radiusMeters)
            return .init(id: place.poi.id, east: offset.eastMeters / radius, north: offset.northMeters / radius)
        }
        let radius = radiusLabel(response.radiusMeters, units: units)
        let count: String
        if response.openNowOnly {
            // What is listed, out of every place found: `2 of 8 places open now`.
            let more = response.hasMore && response.totalCount > 0 ? "+" : ""
            count = "\(rows.count) of \(response.totalCount)\(more) places open now"
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
        if response.openNowOnly { summary.insert("Open now only", at: 0) }

        var emptyMessage: String?
        if rows.isEmpty {
            if response.isLoading {
                emptyMessage = "Looking for places within \(radius)…"
            } else if let error = response.error, let countdown = countdown(error, response.retryInSeconds) {
                emptyMessage = countdown + (keyHints ? ". Press r to retry now." : ".")
            } else if let error = response.error {
                emptyMessage = ShowFormatting.error(error) + (keyHints ? ". Press r to retry." : ".")
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
                    let canWiden = NearbyPOIs.radiusStep(from: response.radiusMeters, wider: true) != nil
                    message += canWiden
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
            status = ShowFormatting.error(error) + " (r retries)"
            statusIsError = true
        } else if response.isLoading && !rows.isEmpty {
            status = "Looking for places within \(radius)…"
        } else if !response.fallbackReasons.isEmpty {
            // Several reasons leave no room for the hint (`r` is in the help and the hints).
            status = ShowFormatting.reasons(response.fallbackReasons) + (response.fallbackReasons.count == 1 ? " (r retries)" : "")
        }
        let attribution = response.source.map(PlaceAttribution.line(for:)) ?? ""
        let shortAttribution = shortCredit(attribution)
        let choices = [NearbyPOIs.LoadPlaces.ViewModel.CategoryChoice(id: nil, label: "All categories")]
            + PlaceCategory.allCases.map { .init(id: $0.id, label: $0.displayName) }
        let current = response.category.flatMap { PlaceCategory.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        return .init(
            rows: rows,
            mapPoints: points,
            title: "Places near " + (response.city?.name ?? response.defaultAreaName ?? coordinates(response.center, decimals: 4)),
            summary: summary.joined(separator: " · "),
            sourceLabel: response.source.map(ShowFormatting.source) ?? (response.isLoading ? "loading…" : "no source"),
            sourceShortLabel: response.source.map(shortSource) ?? (response.isLoading ? "loading…" : "no source"),
            attribution: attribution,
            attributionASCII: ascii(attribution),
            attributionShort: shortAttribution,
            attributionShortASCII: ascii(shortAttribution),
            centerLabel: coordinates(response.center, decimals: 4, separator: ","),
            radiusLabel: radius,
            categoryChoices: choices,
            currentCategoryIndex: current,
            countLabel: count,
            query: response.query,
            emptyMessage: emptyMessage,
            statusMessage: status,
            statusIsError: statusIsError,
            isLoadingMore: response.isLoadingMore,
            canLoadMore: response.hasMore && !response.isLoading && !response.isLoadingMore && response.error == nil,
            radiusMeters: response.radiusMeters,
            scaleChoices: scaleChoices(units: units),
            openNowOnly: response.openNowOnly,
            hoursClock: response.places.lazy.compactMap(\.hours).first.map(clockPhrase)
        )
    }

    /// Round distances for the map's scale bar, 10 m to 100 km (100 ft to 50 mi), shortest first.
    nonisolated static func scaleChoices(units: NearbyPOIs.Units) -> [NearbyPOIs.LoadPlaces.ViewModel.ScaleChoice] {
        let meters: [Double]
        switch units {
        case .metric: meters = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
        case .imperial:
            let feet: [Double] = [100, 200, 500]
            let miles: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50]
            meters = feet.map { $0 * 0.3048 } + miles.map { $0 * 1_609.344 }
        }
        return meters.map { .init(meters: $0, label: radiusLabel($0, units: units)) }
    }

    /// A rate limit's countdown, in the words every scene uses (`ShowFormatting.retrying`), for
    /// example `Geoapify is rate limiting: retrying in 8 s` or `… retrying in 3 min`; nil
    /// for other errors or when no retry is waiting.
    nonisolated static func countdown(_ error: SourceError, _ seconds: Int?) -> String? {
        guard case .rateLimited(let provider, _) = error, let seconds else { return nil }
        return ShowFormatting.retrying(provider: provider, inSeconds: seconds)
    }

    /// Names as a list in words: `A`, `A and B`, `A, B and C`.
    nonisolated static func listed(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let rest = names.dropLast()
        return rest.isEmpty ? last : rest.joined(separator: ", ") + " and " + last
    }

    /// One row: the name (or category and street), category, distance and bearing.
    nonisolated static func row(for place: NearbyPOIs.LoadPlaces.Response.Place, units: NearbyPOIs.Units) -> NearbyPOIs.LoadPlaces.ViewModel.Row {
        let name = name(place.poi)
        let bearing = bearing(place)
        let open = openNow(place.hours)
        return .init(
            id: place.poi.id, name: name.text, nameIsPlaceholder: name.isPlaceholder,
            category: category(place.poi) ?? ShowFormatting.missing,
            distance: distance(place.distanceMeters, units: units),
            arrow: bearing.arrow, compass: bearing.compass,
            openShort: open.short, openMedium: open.medium, openLong: open.long, isOpen: open.isOpen
        )
    }

    /// Where the search is, as the summary line says it.
    nonisolated private static func locationPhrase(_ response: NearbyPOIs.LoadPlaces.Response) -> String {
        if let city = response.city {
            return "Near " + cityName(city)
        }
        if let area = response.defaultAreaName {
            return "No location given: \(area) (snapshot area)"
        }
        return "Near " + coordinates(response.center, decimals: 4)
    }

    // MARK: Distances and bearings

    /// A distance as the list shows it.
    ///
    /// Metric: whole metres under 1 km (`95 m`), kilometres with one decimal under 10 km
    /// (`1.2 km`), whole kilometres beyond (`12 km`). Imperial: feet to the nearest 10 under
    /// 0.1 mi (`330 ft`), miles with one decimal under 10 mi (`0.7 mi`), whole miles beyond.
    /// One international mile is 1,609.344 m and one foot 0.3048 m (the 1959 international
    /// yard and pound agreement).
    /// - Parameters:
    ///   - meters: the distance in metres (negative or non-finite values read as 0).
    ///   - units: metric or imperial.
    /// - Returns: for example `1.2 km`.
    nonisolated static func distance(_ meters: Double, units: NearbyPOIs.Units) -> String {
        let m = meters.isFinite ? max(0, meters) : 0
        switch units {
        case .metric:
            if m.rounded() < 1_000 { return "\(Int(m.rounded())) m" }
            return decimal(m / 1_000, unit: "km")
        case .imperial:
            let miles = m / 1_609.344
            if miles < 0.095 {
                let feet = m / 0.3048
                return "\(Int((feet / 10).rounded()) * 10) ft"
            }
            return decimal(miles, unit: "mi")
        }
    }

    /// A search radius: as `distance`, without a trailing `.0` (`2 km`, `250 m`, `1.2 mi`).
    nonisolated static func radiusLabel(_ meters: Double, units: NearbyPOIs.Units) -> String {
        distance(meters, units: units).replacing(".0 ", with: " ")
    }

    /// One decimal under 10, whole numbers from 10: `1.2 km`, `12 km`.
    nonisolated private static func decimal(_ value: Double, unit: String) -> String {
        DecimalText.fixed(value, decimals: (value * 10).rounded() >= 100 ? 0 : 1) + " " + unit
    }

    /// The eight compass points as arrows, from north clockwise.
    nonisolated static let arrows: [CompassPoint: String] = [
        .north: "↑", .northEast: "↗", .east: "→", .southEast: "↘",
        .south: "↓", .southWest: "↙", .west: "←", .northWest: "↖",
    ]

    /// The direction from the centre: an arrow and compass letters; `·` for a place at the
    /// centre (under a metre away), where no direction means anything.
    nonisolated static func bearing(_ place: NearbyPOIs.LoadPlaces.Response.Place) -> (arrow: String, compass: String) {
        guard place.distanceMeters >= 1 else { return ("·", "·") }
        let point = CompassPoint(bearingDegrees: place.bearingDegrees)
        return (arrows[point] ?? "·", point.abbreviation)
    }

    /// The compass point's name in words, for the details.
    nonisolated private static func compassWords(_ point: CompassPoint) -> String {
        switch point {
        case .north: return "North"
        case .northEast: return "North-east"
        case .east: return "East"
        case .southEast: return "South-east"
        case .south: return "South"
        case .southWest: return "South-west"
        case .west: return "West"
        case .northWest: return "North-west"
        }
    }

    // MARK: The mini-map's projection

    /// A point's offset from the centre in metres on the ground, by the equirectangular
    /// projection around the centre: `x = Δλ · cos φ0 · R`, `y = Δφ · R` (Δλ, Δφ in radians,
    /// φ0 the centre's latitude, R the mean Earth radius). Within a few tens of kilometres of
    /// the centre it errs by well under 1 % against the great-circle distance, far below one
    /// cell of the map. Δλ is wrapped to −180…180°, so a place across the antimeridian lands
    /// on the correct side.
    /// - Parameters:
    ///   - point: the place.
    ///   - center: the centre of the map.
    /// - Returns: metres east (negative: west) and north (negative: south) of the centre.
    nonisolated static func mapOffset(of point: Coordinate, from center: Coordinate) -> (eastMeters: Double, northMeters: Double) {
        var deltaLongitude = point.longitude - center.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 }
        if deltaLongitude < -180 { deltaLongitude += 360 }
        let radians = Double.pi / 180
        let east = deltaLongitude * radians * cos(center.latitude * radians) * Geo.meanEarthRadiusMeters
        let north = (point.latitude - center.latitude) * radians * Geo.meanEarthRadiusMeters
        return (east, north)
    }

    // MARK: Names, categories, places

    /// A place's name, or for an unnamed place (no name, or one that would draw as nothing)
    /// its category and street: `Café, Divan Yolu Caddesi`, `Café (no name)`, `Unnamed place`.
    nonisolated static func name(_ poi: POI) -> (text: String, isPlaceholder: Bool) {
        if let name = poi.name, !isBlank(name) { return (name, false) }
        let street = poi.addressLines.first { !isBlank($0) }
        switch (category(poi), street) {
        case let (kind?, street?): return ("\(kind), \(street)", true)
        case let (kind?, nil): return ("\(kind) (no name)", true)
        case let (nil, street?): return ("Unnamed place, \(street)", true)
        case (nil, nil): return ("Unnamed place", true)
        }
    }

    /// True when text would draw as nothing: only white space, controls, format characters
    /// (zero-width spaces and joiners, bidi marks) or variation selectors.
    nonisolated static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let category = scalar.properties.generalCategory
            return scalar.properties.isWhitespace || category == .format || category == .control
                || category == .nonspacingMark || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// The place's kind: its first known category's name, else the source's own label made
    /// readable (`catering.coffee_shop` → `Coffee shop`), else nil.
    nonisolated static func category(_ poi: POI) -> String? {
        if let first = poi.categories.first { return first.displayName }
        guard let raw = poi.rawCategories.last(where: { !isBlank($0) }) else { return nil }
        let tail = raw.split(whereSeparator: { $0 == "." || $0 == "=" }).last.map(String.init) ?? raw
        let words = tail.replacing("_", with: " ").trimming(.whitespaces)
        guard let head = words.first else { return nil }
        return head.uppercased() + words.dropFirst()
    }

    /// A coordinate in decimal degrees, latitude first, in the form `--near` reads back:
    /// `41.0172,28.9699`, with a `.` decimal point whatever the locale (DecimalText).
    nonisolated static func coordinates(_ point: Coordinate, decimals: Int, separator: String = ",") -> String {
        DecimalText.fixed(point.latitude, decimals: decimals) + separator + DecimalText.fixed(point.longitude, decimals: decimals)
    }

    /// A credit line in ASCII: `©` as `(c)`, `·` as `-`.
    nonisolated private static func ascii(_ credit: String) -> String {
        credit.replacing("©", with: "(c)").replacing("·", with: "-")
    }

    /// A credit line for narrow status bars: `© OpenStreetMap contributors` as `© OSM` (the
    /// help overlay keeps the full credit).
    nonisolated private static func shortCredit(_ credit: String) -> String {
        credit.replacing("© OpenStreetMap contributors", with: "© OSM")
    }

    /// The source without its date: `offline snapshot`, `Overpass live`.
    nonisolated private static func shortSource(_ source: DataSource) -> String {
        if case .embeddedSnapshot = source { return "offline snapshot" }
        return ShowFormatting.source(source)
    }

    // MARK: Details

    /// The detail view model of a place.
    nonisolated static func viewModel(for response: NearbyPOIs.ShowPlaceDetails.Response, units: NearbyPOIs.Units) -> NearbyPOIs.ShowPlaceDetails.ViewModel {
        let place = response.place
        let poi = place.poi
        let name = name(poi)
        let kinds = poi.categories.map(\.displayName)
        let kind = kinds.isEmpty ? (category(poi) ?? ShowFormatting.missing) : kinds.joined(separator: ", ")
        let distanceText = distance(place.distanceMeters, units: units)
        let bearing = bearing(place)
        let direction = place.distanceMeters >= 1 ? compassWords(CompassPoint(bearingDegrees: place.bearingDegrees)) : "Here"
        func text(_ value: String?) -> String {
            guard let value, !isBlank(value) else { return ShowFormatting.missing }
            return value
        }
        let address = poi.addressLines.filter { !isBlank($0) }
        let facts: [NearbyPOIs.ShowPlaceDetails.ViewModel.Fact] = [
            .init(label: "Category", value: kind),
            .init(label: "Distance", value: distanceText),
            .init(label: "Direction", value: direction),
            .init(label: "Address", value: address.isEmpty ? ShowFormatting.missing : address.joined(separator: ", ")),
            .init(label: "Opening hours", value: text(poi.openingHours)),
        ] + hoursFacts(place.hours) + [
            .init(label: "Phone", value: text(poi.phone)),
            .init(label: "Website", value: text(poi.website)),
            .init(label: "Coordinates", value: coordinates(poi.coordinate, decimals: 5)),
            .init(label: "Source", value: sourceWithProvider(poi.source)),
            .init(label: "Source id", value: text(poi.id)),
            .init(label: "Tags", value: poi.rawCategories.isEmpty ? ShowFormatting.missing : poi.rawCategories.joined(separator: ", ")),
        ]
        let subtitle = [kinds.first ?? category(poi), "\(distanceText) \(bearing.compass)"]
            .compactMap { $0 }.joined(separator: " · ")
        let website = poi.website.flatMap { isBlank($0) ? nil : $0 }
        return .init(id: poi.id, title: name.text, subtitle: subtitle, facts: facts,
                     oneLineLabels: ["Website", "Source id"], copyID: isBlank(poi.id) ? nil : poi.id, copyWebsite: website)
    }

    /// The source with its provider: `OpenStreetMap, offline snapshot 2025-12-04`.
    nonisolated private static func sourceWithProvider(_ source: DataSource) -> String {
        switch source {
        case .embeddedSnapshot(let provider, _): return "\(provider), \(ShowFormatting.source(source))"
        default: return ShowFormatting.source(source)
        }
    }

    // MARK: Cities

    /// The city picker's view model.
    nonisolated static func viewModel(for response: NearbyPOIs.SearchCities.Response) -> NearbyPOIs.SearchCities.ViewModel {
        let rows = response.cities.map { city in
            NearbyPOIs.SearchCities.ViewModel.Row(id: city.id, name: city.name, detail: cityDetail(city))
        }
        let trimmed = response.query.trimming(.whitespaces)
        let provider = response.onlineProvider
        var message: String?
        var isError = false
        if response.isSearching {
            message = "Asking \(provider ?? "the geocoder") for “\(trimmed)”…"
        } else if let error = response.error {
            // A refusal, a rate limit or a failure names the source and its reason; only an
            // answer with no city says that none was found (case C31).
            message = ShowFormatting.error(error) + (rows.isEmpty ? "." : "; these are from the offline list.")
            isError = true
        } else if trimmed.isEmpty {
            message = "Type the start of a city's name."
        } else if rows.isEmpty {
            message = response.searchedOnline
                ? "\(provider ?? "The geocoder") found no city called “\(trimmed)”."
                : "No city starts with “\(trimmed)” in the offline list (cities of 15,000 people or more)."
            // Without a geocoder (`--source snapshot`) Enter cannot ask online: say so, and how.
            if provider == nil && !response.searchedOnline {
                message = (message ?? "") + " Online search is off on the offline snapshot: start with --source auto or osm to search online."
            }
        }
        let title = response.ambiguousName.map { "Several cities match “\($0)”: choose one" } ?? "Find a city"
        let onlineLabel: String? = (provider != nil && !trimmed.isEmpty && !response.searchedOnline && response.ambiguousName == nil)
            ? "Search \(provider ?? "") for “\(trimmed)”" : nil
        return .init(title: title, query: response.query, rows: rows, message: message, messageIsError: isError,
                     onlineLabel: onlineLabel, opensByItself: response.ambiguousName != nil)
    }

    /// A city's name with its region and country: `Springfield, MO, United States`.
    nonisolated static func cityName(_ city: City) -> String {
        ([city.name] + region(city)).joined(separator: ", ")
    }

    /// Where a city is and how big: `MO, United States · pop. 170,188`.
    nonisolated static func cityDetail(_ city: City) -> String {
        var parts: [String] = []
        let place = region(city).joined(separator: ", ")
        if !place.isEmpty { parts.append(place) }
        if let population = city.population, population > 0 { parts.append("pop. " + grouped(population)) }
        return parts.isEmpty ? ShowFormatting.missing : parts.joined(separator: " · ")
    }

    /// The admin area (unless it is only a numeric code) and the country.
    nonisolated private static func region(_ city: City) -> [String] {
        var parts: [String] = []
        if let admin = city.adminArea, !admin.isEmpty, !admin.allSatisfy(\.isNumber), admin != city.name { parts.append(admin) }
        if let country = city.countryName ?? city.countryCode, !country.isEmpty { parts.append(country) }
        return parts
    }

    /// A whole number with thousands separated by commas: `15,701,602`.
    nonisolated static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }
}
