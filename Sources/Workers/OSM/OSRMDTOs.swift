import FoundationEssentials

/// JSON shapes of OSRM's route service (`/route/v1/{profile}/{coordinates}` with
/// `steps=true&geometries=geojson&overview=full`, Project-OSRM/osrm-backend `docs/http.md`),
/// decoded leniently.
enum OSRMDTO {
    /// The reply: `code` (`Ok`, `NoRoute`, `InvalidQuery`…), a `message` with an error, the
    /// routes, and the waypoints (each end snapped to the network, with its distance).
    struct Reply: Decodable {
        @JSONField.Text var code: String?
        @JSONField.Text var message: String?
        @JSONField.List var routes: [Route]
        @JSONField.List var waypoints: [Waypoint]
    }

    /// One route: metres, seconds, its line (GeoJSON `[lon, lat]` pairs) and its legs.
    struct Route: Decodable {
        @JSONField.Number var distance: Double?
        @JSONField.Number var duration: Double?
        @JSONField.Value var geometry: Geometry?
        @JSONField.List var legs: [Leg]
    }

    /// A GeoJSON LineString.
    struct Geometry: Decodable {
        @JSONField.List var coordinates: [[Double]]
    }

    /// A leg between two waypoints: its steps.
    struct Leg: Decodable {
        @JSONField.List var steps: [Step]
    }

    /// A step: the way's name, its metres, and the manoeuvre that starts it.
    struct Step: Decodable {
        @JSONField.Text var name: String?
        @JSONField.Number var distance: Double?
        @JSONField.Value var maneuver: Maneuver?
    }

    /// A manoeuvre: `type` (`depart`, `turn`, `new name`, `continue`, `arrive`…) and `modifier`
    /// (`left`, `slight right`, `straight`, `uturn`…).
    struct Maneuver: Decodable {
        @JSONField.Text var type: String?
        @JSONField.Text var modifier: String?
    }

    /// A waypoint: how far the point asked was from the network, in metres.
    struct Waypoint: Decodable {
        @JSONField.Number var distance: Double?
    }
}
