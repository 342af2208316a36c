/// The zone TVmaze gives a country's networks (`network.country.timezone`), for shows whose
/// record does not carry it (the embedded snapshot keeps only the country's code). TVmaze gives
/// every network of a country the same zone; the pairs below are those of its recorded
/// answers (fixtures/tvmaze, see PROVENANCE.md). Countries it was seen to give more than one
/// zone, or a zone far from most viewers' (Canada, Russia, Kazakhstan), are left out: their
/// times are said in the network's local time with no conversion.
public enum BroadcastZones {
    /// ISO 3166-1 alpha-2 code → IANA zone.
    public static let byCountry: [String: String] = [
        "AU": "Australia/Sydney", "BE": "Europe/Brussels", "CH": "Europe/Zurich", "CN": "Asia/Shanghai", "CU": "America/Havana",
        "CZ": "Europe/Prague", "DE": "Europe/Berlin", "DK": "Europe/Copenhagen", "EG": "Africa/Cairo", "ES": "Europe/Madrid",
        "FI": "Europe/Helsinki", "FR": "Europe/Paris", "GB": "Europe/London", "GR": "Europe/Athens", "HU": "Europe/Budapest",
        "IN": "Asia/Kolkata", "IR": "Asia/Tehran", "IT": "Europe/Rome", "JP": "Asia/Tokyo", "KR": "Asia/Seoul",
        "NL": "Europe/Amsterdam", "NO": "Europe/Oslo", "PH": "Asia/Manila", "PL": "Europe/Warsaw", "PT": "Europe/Lisbon",
        "SA": "Asia/Riyadh", "SE": "Europe/Stockholm", "TH": "Asia/Bangkok", "TR": "Europe/Istanbul", "TW": "Asia/Taipei",
        "UA": "Europe/Kyiv", "US": "America/New_York", "ZA": "Africa/Johannesburg"
    ]

    /// The zone of a broadcaster's schedule: its own when the source gave one, else its
    /// country's as TVmaze gives it.
    /// - Parameter broadcaster: the network or web channel.
    /// - Returns: the IANA name, or nil when unknown.
    public static func zone(of broadcaster: Broadcaster?) -> String? {
        guard let broadcaster else { return nil }
        if let zone = broadcaster.timeZone, !zone.isEmpty { return zone }
        return broadcaster.countryCode.flatMap { byCountry[$0.uppercased()] }
    }
}
