/// A kind of place a person may look for nearby. Each provider's own categories (Geoapify's
/// `catering.cafe`, OpenStreetMap's `amenity=cafe`) map to these in the Workers layer.
public enum POICategory: String, Sendable, Hashable, CaseIterable, Identifiable {
    /// A café or coffee shop.
    case cafe
    /// A restaurant.
    case restaurant
    /// A fast-food outlet.
    case fastFood
    /// A pub or inn.
    case pub
    /// A bar.
    case bar
    /// A bakery.
    case bakery
    /// A supermarket.
    case supermarket
    /// A pharmacy (chemist's).
    case pharmacy
    /// A hospital.
    case hospital
    /// A hotel.
    case hotel
    /// A hostel.
    case hostel
    /// A museum.
    case museum
    /// A park.
    case park
    /// A cash machine.
    case atm
    /// A fuel (petrol) station.
    case fuel
    /// A public library.
    case library
    /// A cinema.
    case cinema

    /// The stable identifier, for example `"fastFood"`.
    public var id: String { rawValue }

    /// The name shown on screen, in English, for example `"Café"` or `"Fast food"`.
    public var displayName: String {
        switch self {
        case .cafe: return "Café"
        case .restaurant: return "Restaurant"
        case .fastFood: return "Fast food"
        case .pub: return "Pub"
        case .bar: return "Bar"
        case .bakery: return "Bakery"
        case .supermarket: return "Supermarket"
        case .pharmacy: return "Pharmacy"
        case .hospital: return "Hospital"
        case .hotel: return "Hotel"
        case .hostel: return "Hostel"
        case .museum: return "Museum"
        case .park: return "Park"
        case .atm: return "ATM"
        case .fuel: return "Fuel"
        case .library: return "Library"
        case .cinema: return "Cinema"
        }
    }
}
