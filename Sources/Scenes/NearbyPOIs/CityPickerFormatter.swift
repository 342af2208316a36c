import Domain
import FoundationEssentials

/// The city search's words: the picker's title, rows and message (searching, nothing found,
/// a failure, the row that asks online), and cities named with their region and country.
package enum CityPickerFormatter {
    /// The city picker's view model.
    static func viewModel(for response: NearbyPOIs.SearchCities.Response) -> NearbyPOIs.SearchCities.ViewModel {
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
            message =
                response.searchedOnline
                ? "\(provider ?? "The geocoder") found no city called “\(trimmed)”."
                : "No city starts with “\(trimmed)” in the offline list (cities of 15,000 people or more)."
            // Without a geocoder (`--source snapshot`) Enter cannot ask online: say so, and how.
            if provider == nil && !response.searchedOnline {
                message = (message ?? "") + " Online search is off on the offline snapshot: start with --source auto or osm to search online."
            }
        }
        let title = response.ambiguousName.map { "Several cities match “\($0)”: choose one" } ?? "Find a city"
        let onlineLabel: String? =
            (provider != nil && !trimmed.isEmpty && !response.searchedOnline && response.ambiguousName == nil)
            ? "Search \(provider ?? "") for “\(trimmed)”" : nil
        return .init(
            title: title, query: response.query, rows: rows, message: message, messageIsError: isError,
            onlineLabel: onlineLabel, opensByItself: response.ambiguousName != nil)
    }

    /// A city's name with its region and country: `Springfield, MO, United States`.
    static func cityName(_ city: City) -> String {
        ([city.name] + region(city)).joined(separator: ", ")
    }

    /// Where a city is and how big: `MO, United States · pop. 170,188`.
    static func cityDetail(_ city: City) -> String {
        var parts: [String] = []
        let place = region(city).joined(separator: ", ")
        if !place.isEmpty { parts.append(place) }
        if let population = city.population, population > 0 { parts.append("pop. " + grouped(population)) }
        return parts.isEmpty ? ShowFormatting.missing : parts.joined(separator: " · ")
    }

    /// The admin area (unless it is only a numeric code) and the country.
    private static func region(_ city: City) -> [String] {
        var parts: [String] = []
        if let admin = city.adminArea, !admin.isEmpty, !admin.allSatisfy(\.isNumber), admin != city.name { parts.append(admin) }
        if let country = city.countryName ?? city.countryCode, !country.isEmpty { parts.append(country) }
        return parts
    }

    /// A whole number with thousands separated by commas: `15,701,602`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }
}
