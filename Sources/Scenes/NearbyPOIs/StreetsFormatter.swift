import Domain

/// Formats the streets under the map: each way's points in metres from the street map's
/// centre (`PlaceDistances.mapOffset`), names only for main streets (trimmed, on one line),
/// and a failure as one message.
enum StreetsFormatter {
    /// The streets' view model.
    /// - Parameter response: the streets, or the failure.
    /// - Returns: lines in metres from the map's centre, or none and a message.
    static func viewModel(for response: NearbyPOIs.LoadStreets.Response) -> NearbyPOIs.LoadStreets.ViewModel {
        guard let map = response.map else {
            let reason = response.error.map(ShowFormatting.shortError) ?? "no answer"
            return .init(origin: nil, lines: [], message: "Streets could not be loaded (\(reason)); the map shows the places alone")
        }
        let lines = map.ways.map { way -> NearbyPOIs.LoadStreets.ViewModel.Line in
            var east: [Float] = [], north: [Float] = []
            east.reserveCapacity(way.points.count)
            north.reserveCapacity(way.points.count)
            for point in way.points {
                let offset = PlaceDistances.mapOffset(of: point, from: map.center)
                east.append(Float(offset.eastMeters))
                north.append(Float(offset.northMeters))
            }
            let name = way.kind.isMain ? way.name.map(oneLine).flatMap { $0.isEmpty ? nil : $0 } : nil
            return .init(kind: way.kind, name: name, east: east, north: north, isClosed: way.isClosed)
        }
        return .init(origin: map.center, lines: lines, message: nil)
    }

    /// Text on one line: every run of white space or control characters one space, trimmed.
    static func oneLine(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
