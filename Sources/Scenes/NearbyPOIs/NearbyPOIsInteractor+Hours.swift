import Domain
import FoundationEssentials

/// Opening hours: each place's hours read at a moment in its own zone, and a place's details.
extension NearbyPOIsInteractor {
    package func showPOIDetails(request: NearbyPOIs.ShowPOIDetails.Request) {
        guard let place = places.first(where: { $0.poi.id == request.id }) else { return }
        selectedPOI = place.poi
        presenter?.presentPOIDetails(response: .init(place: withHours(place, at: now())))
    }

    /// A place with its opening hours read at a moment, in its own zone: the city's (GeoNames)
    /// when the search is around a city, else its country's (`POITimeZone`), else the
    /// viewer's. Nil hours when the place gives none.
    func withHours(_ place: NearbyPOI, at date: Date) -> NearbyPOI {
        var moments: [String: WeekTime] = [:]
        return withHours(place, at: date, moments: &moments)
    }

    /// As `withHours(_:at:)`, reading each zone's moment once per presentation (`moments`, by
    /// zone id); the place clock keeps each zone it has read.
    func withHours(_ place: NearbyPOI, at date: Date, moments: inout [String: WeekTime]) -> NearbyPOI {
        guard let text = place.poi.openingHours, !text.allSatisfy(\.isWhitespace) else { return place }
        let parsed: OpeningHours?
        if let known = hours[place.poi.id] {
            parsed = known
        } else {
            parsed = OpeningHours(text)
            hours[place.poi.id] = parsed
        }
        let candidates = [city?.timeZone, POITimeZone.region(for: place.poi.coordinate)?.zone].compactMap { $0 }
        var zone = placeClock.viewerZoneName, isViewers = true
        var moment = moments[zone]
        for id in candidates {
            if let known = moments[id] {
                (zone, isViewers, moment) = (id, false, known)
                break
            }
            if let wall = placeClock.wallTime(at: date, inZone: id) {
                (zone, isViewers, moment) = (id, false, Self.weekTime(wall))
                break
            }
        }
        if moment == nil {
            moment = placeClock.viewerWallTime(at: date).map(Self.weekTime)
        }
        let now = moment ?? WeekTime(weekday: .monday, minute: 0)
        moments[zone] = now
        var copy = place
        copy.hours = .init(parsed: parsed, status: parsed?.status(at: now), now: now, timeZone: zone, isViewersZone: isViewers)
        return copy
    }

    /// A wall time as a weekday and minute of the day.
    nonisolated static func weekTime(_ wall: LocalWallTime) -> WeekTime {
        WeekTime(weekday: Weekday(rawValue: wall.weekday - 1) ?? .monday, minute: wall.hour * 60 + wall.minute)
    }

    /// True when the place is open when one gets there: at `date` plus the walk
    /// (`WalkingEstimate`, from its straight-line distance), read in its own zone.
    func isOpenOnArrival(_ place: NearbyPOI, leaving date: Date) -> Bool {
        let walk = WalkingEstimate.minutes(straightLineMeters: place.distanceMeters) * 60
        return Self.isOpen(withHours(place, at: date.addingTimeInterval(walk)))
    }

    /// True when the place is open at the moment its hours were read.
    static func isOpen(_ place: NearbyPOI) -> Bool {
        switch place.hours?.status {
        case .alwaysOpen?, .open?: return true
        default: return false
        }
    }
}
