import Domain
import Foundation

/// Opening hours: each place's hours read at a moment in its own zone, and a place's details.
extension NearbyPOIsInteractor {
    package func showPlaceDetails(request: NearbyPOIs.ShowPlaceDetails.Request) {
        guard let place = places.first(where: { $0.poi.id == request.id }) else { return }
        selectedPlace = place.poi
        presenter?.presentPlaceDetails(response: .init(place: withHours(place, at: now())))
    }

    /// A place with its opening hours read at a moment, in its own zone: the city's (GeoNames)
    /// when the search is around a city, else its country's (`PlaceTimeZone`), else the
    /// viewer's. Nil hours when the place gives none.
    func withHours(_ place: Place, at date: Date) -> Place {
        var moments: [String: WeekTime] = [:]
        return withHours(place, at: date, moments: &moments)
    }

    /// As `withHours(_:at:)`, reading each zone's moment once per presentation (`moments`, by
    /// zone id) and each zone once (`zones`).
    func withHours(_ place: Place, at date: Date, moments: inout [String: WeekTime]) -> Place {
        guard let text = place.poi.openingHours, !text.allSatisfy(\.isWhitespace) else { return place }
        let parsed: OpeningHours?
        if let known = hours[place.poi.id] {
            parsed = known
        } else {
            parsed = OpeningHours(text)
            hours[place.poi.id] = parsed
        }
        var zone = viewerTimeZone, isViewers = true
        if let id = city?.timeZone, let cityZone = knownZone(id) {
            (zone, isViewers) = (cityZone, false)
        } else if let region = PlaceTimeZone.region(for: place.poi.coordinate), let boxZone = knownZone(region.zone) {
            (zone, isViewers) = (boxZone, false)
        }
        let moment = moments[zone.identifier] ?? Self.weekTime(date, in: zone)
        moments[zone.identifier] = moment
        var copy = place
        copy.hours = .init(parsed: parsed, status: parsed?.status(at: moment), now: moment, timeZone: zone.identifier, isViewersZone: isViewers)
        return copy
    }

    /// A zone by its IANA id, looked up once; nil when the system does not know it.
    private func knownZone(_ id: String) -> TimeZone? {
        if let known = zones[id] { return known }
        let zone = TimeZone(identifier: id)
        zones[id] = zone
        return zone
    }

    /// A moment as a weekday and minute of the day in a zone (Gregorian calendar).
    nonisolated static func weekTime(_ date: Date, in zone: TimeZone) -> WeekTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let day = parts.weekday.flatMap(Weekday.init(gregorianWeekday:)) ?? .monday
        return WeekTime(weekday: day, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }

    /// True when the place is open at the moment its hours were read.
    static func isOpen(_ place: Place) -> Bool {
        switch place.hours?.status {
        case .alwaysOpen?, .open?: return true
        default: return false
        }
    }
}
