import Domain
import FoundationEssentials

/// Every GeoNames city with 15,000 or more inhabitants, held in memory for offline search.
///
/// Read from a tab-separated table with a header row and the columns geonameid, name,
/// country_code, country, admin1, latitude, longitude (decimal degrees, WGS 84), population,
/// timezone. GeoNames data is CC BY 4.0: credit "GeoNames (geonames.org)".
public struct CityIndex: Sendable {
    /// The cities, most populous first.
    public let cities: [City]
    /// Each city's name folded for matching (same order as `cities`).
    private let foldedNames: [String]

    /// Reads the table.
    /// - Parameters:
    ///   - tsv: the table's bytes, UTF-8.
    ///   - source: where the table came from.
    /// - Throws: `SourceError.badData` when the header is not the expected one or no row can
    ///   be read. Rows that cannot be read (too few columns, bad position) are skipped.
    public init(tsv: Data, source: DataSource) throws {
        let provider = ProviderName.geoNames
        var lines = tsv.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).makeIterator()
        guard let header = lines.next(),
            String(decoding: header, as: UTF8.self).trimming(.whitespacesAndNewlines)
                .hasPrefix("geonameid\tname\tcountry_code\tcountry\tadmin1\tlatitude\tlongitude\tpopulation")
        else {
            throw SourceError.badData(provider: provider, reason: "not a GeoNames cities table")
        }
        var rows: [(city: City, folded: String)] = []
        rows.reserveCapacity(tsv.count / 70)
        while let line = lines.next() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard fields.count >= 8,
                let name = POIText.trimmed(fields[1]),
                let lat = Double(fields[5]), let lon = Double(fields[6]),
                let coordinate = Coordinate(validLatitude: lat, longitude: lon)
            else { continue }
            let city = City(
                id: "geonames:\(fields[0])",
                name: name,
                countryName: POIText.trimmed(fields[3]),
                countryCode: POIText.trimmed(fields[2]),
                adminArea: POIText.trimmed(fields[4]),
                coordinate: coordinate,
                population: Int(fields[7]),
                timeZone: fields.count > 8 ? POIText.trimmed(fields[8].trimming(.newlines)) : nil,
                source: source
            )
            rows.append((city, Self.fold(name)))
        }
        guard !rows.isEmpty else {
            throw SourceError.badData(provider: provider, reason: "no city in the table")
        }
        // Stable: equal populations keep the table's order.
        let ordered = rows.enumerated().sorted { a, b in
            let pa = a.element.city.population ?? -1, pb = b.element.city.population ?? -1
            return pa != pb ? pa > pb : a.offset < b.offset
        }.map(\.element)
        cities = ordered.map(\.city)
        foldedNames = ordered.map(\.folded)
    }

    /// The cities whose name starts with the text, ignoring case and diacritics
    /// (`"sao paulo"` finds São Paulo, `"ISTANBUL"` finds Istanbul), most populous first.
    /// - Parameters:
    ///   - text: the start of a name; blank text gives no result.
    ///   - limit: the most results wanted.
    /// - Returns: up to `limit` cities.
    public func cities(matching text: String, limit: Int) -> [City] {
        let query = Self.fold(text)
        guard !query.isEmpty, limit > 0 else { return [] }
        var found: [City] = []
        for (index, name) in foldedNames.enumerated() where name.hasPrefix(query) {
            found.append(cities[index])
            if found.count == limit { break }
        }
        return found
    }

    /// Text folded for matching: case and diacritics removed (`"İstanbul"` → `"istanbul"`),
    /// white space runs made one space, the ends trimmed. ASCII text takes a fast path.
    /// - Parameter text: any text, for example a city's name or what a person typed.
    /// - Returns: the folded text, for comparing names.
    public static func fold(_ text: String) -> String {
        let folded: String
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            folded = text.lowercased()
        } else {
            folded = SearchFolding.fold(text).lowercased()
        }
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The GeoNames table embedded in the binary, read once on first use (thread-safe: Swift
    /// initialises a static constant once).
    /// - Throws: `SourceError.badData` when the embedded table is missing or unreadable.
    public static func embedded() throws -> CityIndex {
        try embeddedIndex.get()
    }

    private static let embeddedIndex: Result<CityIndex, SourceError> = {
        guard let data = EmbeddedPOIsFiles.named("cities15000.tsv") else {
            return .failure(.badData(provider: ProviderName.geoNames, reason: "embedded file cities15000.tsv missing"))
        }
        do {
            return .success(try CityIndex(tsv: data, source: .embeddedSnapshot(provider: ProviderName.geoNames, capturedOn: nil)))
        } catch let error as SourceError {
            return .failure(error)
        } catch {
            return .failure(.badData(provider: ProviderName.geoNames, reason: "unreadable table"))
        }
    }()
}
