import Domain
import FoundationEssentials

/// The one table that maps each `POICategory` to the providers' own categories: Geoapify's
/// category keys (https://apidocs.geoapify.com/docs/places/#categories) and OpenStreetMap tags
/// (https://wiki.openstreetmap.org/wiki/Map_features).
public enum POICategoryTable {
    /// One row: a category with its Geoapify keys and OSM tags.
    public struct Row: Sendable, Hashable {
        /// The category.
        public let category: POICategory
        /// Geoapify category keys, for example `["catering.cafe"]`; a key also covers its
        /// sub-keys (`catering.cafe.coffee_shop`).
        public let geoapify: [String]
        /// OpenStreetMap tags as `(key, value)`, for example `[("amenity", "cafe")]`.
        public let osmTags: [OSMTag]
    }

    /// An OpenStreetMap tag, `key=value`.
    public struct OSMTag: Sendable, Hashable, CustomStringConvertible {
        /// The key, for example `"amenity"`.
        public let key: String
        /// The value, for example `"cafe"`.
        public let value: String
        /// `key=value`.
        public var description: String { "\(key)=\(value)" }
        init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Every row, in `POICategory.allCases` order.
    public static let rows: [Row] = POICategory.allCases.map(row(for:))

    /// The keys of OSM tags that say what a place is, in the order a place's own kind is read.
    public static let primaryOSMKeys = ["amenity", "shop", "tourism", "leisure", "historic"]

    /// The row for a category.
    /// - Parameter category: the category.
    /// - Returns: its provider categories.
    public static func row(for category: POICategory) -> Row {
        switch category {
        case .cafe: return Row(category: category, geoapify: ["catering.cafe"], osmTags: [OSMTag("amenity", "cafe")])
        case .restaurant: return Row(category: category, geoapify: ["catering.restaurant"], osmTags: [OSMTag("amenity", "restaurant")])
        case .fastFood: return Row(category: category, geoapify: ["catering.fast_food"], osmTags: [OSMTag("amenity", "fast_food")])
        case .pub: return Row(category: category, geoapify: ["catering.pub"], osmTags: [OSMTag("amenity", "pub")])
        case .bar: return Row(category: category, geoapify: ["catering.bar"], osmTags: [OSMTag("amenity", "bar")])
        case .bakery: return Row(category: category, geoapify: ["commercial.food_and_drink.bakery"], osmTags: [OSMTag("shop", "bakery")])
        case .supermarket: return Row(category: category, geoapify: ["commercial.supermarket"], osmTags: [OSMTag("shop", "supermarket")])
        case .pharmacy: return Row(category: category, geoapify: ["healthcare.pharmacy"], osmTags: [OSMTag("amenity", "pharmacy")])
        case .hospital: return Row(category: category, geoapify: ["healthcare.hospital"], osmTags: [OSMTag("amenity", "hospital")])
        case .hotel: return Row(category: category, geoapify: ["accommodation.hotel"], osmTags: [OSMTag("tourism", "hotel")])
        case .hostel: return Row(category: category, geoapify: ["accommodation.hostel"], osmTags: [OSMTag("tourism", "hostel")])
        case .museum: return Row(category: category, geoapify: ["entertainment.museum"], osmTags: [OSMTag("tourism", "museum")])
        case .park: return Row(category: category, geoapify: ["leisure.park"], osmTags: [OSMTag("leisure", "park")])
        case .atm: return Row(category: category, geoapify: ["service.financial.atm"], osmTags: [OSMTag("amenity", "atm")])
        case .fuel: return Row(category: category, geoapify: ["service.vehicle.fuel"], osmTags: [OSMTag("amenity", "fuel")])
        case .library: return Row(category: category, geoapify: ["education.library"], osmTags: [OSMTag("amenity", "library")])
        case .cinema: return Row(category: category, geoapify: ["entertainment.cinema"], osmTags: [OSMTag("amenity", "cinema")])
        }
    }

    /// The Geoapify `categories` parameter for a category, or for every category when nil.
    /// - Parameter category: the category, or nil.
    /// - Returns: comma-separated keys, for example `"catering.cafe"`.
    public static func geoapifyParameter(for category: POICategory?) -> String {
        let selected = category.map { [row(for: $0)] } ?? rows
        return selected.flatMap(\.geoapify).joined(separator: ",")
    }

    /// The OSM tags for a category, or for every category when nil.
    /// - Parameter category: the category, or nil.
    /// - Returns: the tags.
    public static func osmTags(for category: POICategory?) -> [OSMTag] {
        (category.map { [row(for: $0)] } ?? rows).flatMap(\.osmTags)
    }

    /// The categories that Geoapify category keys name, in the order of the first key naming
    /// each; `catering.cafe.coffee_shop` counts as `catering.cafe`.
    /// - Parameter keys: Geoapify keys, for example `["catering", "catering.cafe"]`.
    /// - Returns: the categories, without repeats.
    public static func categories(forGeoapify keys: [String]) -> [POICategory] {
        var found: [POICategory] = []
        for key in keys {
            for row in rows where !found.contains(row.category) {
                if row.geoapify.contains(where: { key == $0 || key.hasPrefix($0 + ".") }) {
                    found.append(row.category)
                }
            }
        }
        return found
    }

    /// The categories that a place's OSM tags name, in `primaryOSMKeys` order.
    /// - Parameter tags: the place's tags, for example `["amenity": "pub", "tourism": "hotel"]`.
    /// - Returns: the categories, without repeats.
    public static func categories(forOSMTags tags: [String: String]) -> [POICategory] {
        var found: [POICategory] = []
        for key in primaryOSMKeys {
            guard let values = tags[key] else { continue }
            // OSM allows several values separated by ";" (amenity=cafe;bar).
            for value in values.split(separator: ";").map({ $0.trimming(.whitespaces) }) {
                for row in rows
                where !found.contains(row.category)
                    && row.osmTags.contains(where: { $0.key == key && $0.value == value })
                {
                    found.append(row.category)
                }
            }
        }
        return found
    }
}
