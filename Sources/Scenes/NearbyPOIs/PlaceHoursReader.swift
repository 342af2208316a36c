import Domain
import FoundationEssentials

/// Reads places' opening hours at a moment, each in its own zone: the city's (GeoNames) when
/// the search is around a city, else its country's (`POITimeZone`), else the viewer's. Each
/// place's hours are parsed once, kept by place id until `forget()`.
struct PlaceHoursReader {
    typealias NearbyPOI = NearbyPOIs.LoadPOIs.Response.NearbyPOI

    /// Wall times in the places' zones, and in the viewer's for a place whose own zone is unknown.
    let placeClock: any POIClockWorking
    /// The parsed hours by place id; nil for a value that does not parse.
    private var parsed: [String: OpeningHours?] = [:]

    /// Makes a reader with no hours parsed yet.
    /// - Parameter placeClock: the wall times in the places' zones.
    init(placeClock: any POIClockWorking) {
        self.placeClock = placeClock
    }

    /// Forgets the parsed hours (the places were replaced).
    mutating func forget() {
        parsed = [:]
    }

    /// A place with its opening hours read at a moment, in its own zone; nil hours when the
    /// place gives none.
    /// - Parameters:
    ///   - place: the place.
    ///   - date: the moment.
    ///   - cityZone: the IANA zone of the city searched around, tried first; nil for none.
    mutating func withHours(_ place: NearbyPOI, at date: Date, cityZone: String?) -> NearbyPOI {
        var moments: [String: WeekTime] = [:]
        return withHours(place, at: date, cityZone: cityZone, moments: &moments)
    }

    /// As `withHours(_:at:cityZone:)`, reading each zone's moment once per presentation
    /// (`moments`, by zone id); the place clock keeps each zone it has read.
    mutating func withHours(_ place: NearbyPOI, at date: Date, cityZone: String?, moments: inout [String: WeekTime]) -> NearbyPOI {
        guard let text = place.poi.openingHours, !text.allSatisfy(\.isWhitespace) else { return place }
        let hours: OpeningHours?
        if let known = parsed[place.poi.id] {
            hours = known
        } else {
            hours = OpeningHours(text)
            parsed[place.poi.id] = hours
        }
        let candidates = [cityZone, POITimeZone.region(for: place.poi.coordinate)?.zone].compactMap { $0 }
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
        copy.hours = .init(parsed: hours, status: hours?.status(at: now), now: now, timeZone: zone, isViewersZone: isViewers)
        return copy
    }

    /// A wall time as a weekday and minute of the day.
    static func weekTime(_ wall: LocalWallTime) -> WeekTime {
        WeekTime(weekday: Weekday(rawValue: wall.weekday - 1) ?? .monday, minute: wall.hour * 60 + wall.minute)
    }

    /// True when the place is open when one gets there: at `date` plus the walk (by the
    /// streets when known, else `WalkingEstimate` from its straight-line distance), read in
    /// its own zone.
    mutating func isOpenOnArrival(_ place: NearbyPOI, leaving date: Date, cityZone: String?) -> Bool {
        let walk = place.walk?.seconds ?? WalkingEstimate.minutes(straightLineMeters: place.distanceMeters) * 60
        return Self.isOpen(withHours(place, at: date.addingTimeInterval(walk), cityZone: cityZone))
    }

    /// True when the place is open at the moment its hours were read.
    static func isOpen(_ place: NearbyPOI) -> Bool {
        switch place.hours?.status {
        case .alwaysOpen?, .open?: return true
        default: return false
        }
    }
}
