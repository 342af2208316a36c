import Foundation
import Terminal
import XCTest

@testable import Scenes

/// The mini-map's geometry on its own: framing, zoom, the scale bar's choice and the legend.
final class MiniMapTests: XCTestCase {
    private let choices: [(meters: Double, label: String)] = PlacesListFormatter.scaleChoices(units: .metric).map { ($0.meters, $0.label) }

    /// How many distinct cells the points fall in.
    private func cells(_ points: [(east: Double, north: Double)], _ layout: MiniMap.Layout) -> Int {
        Set(points.compactMap { layout.locate(east: $0.east, north: $0.north).map { $0.row * 1_000 + $0.column } }).count
    }

    func testAt25KilometresPOIsWithinAFewKilometresSpreadOverTheMap() {
        // Given 40 places on a 5 × 8 grid within 3 km of the centre, searched at 25 km
        let radius = 25_000.0
        var points: [(east: Double, north: Double)] = []
        for i in 0..<5 { for j in 0..<8 { points.append((Double(i - 2) * 700 / radius, Double(j - 4) * 350 / radius)) } }
        // When framed in the 120-column map's grid (47 × 24 cells)
        let layout = MiniMap.framing(points: points, columns: 47, rows: 24, radiusMeters: radius, braille: true)
        // Then they fall in many cells, not one, across most of the grid's width
        XCTAssertGreaterThanOrEqual(cells(points, layout), 30)
        let columns = points.compactMap { layout.locate(east: $0.east, north: $0.north)?.column }
        XCTAssertGreaterThanOrEqual((columns.max() ?? 0) - (columns.min() ?? 0), 35)
        // Whereas the ring's scale would put them all within a few cells of the centre.
        let ring = MiniMap.Layout(columns: 47, rows: 24, cellsPerRadius: 23, braille: true)
        XCTAssertLessThanOrEqual(cells(points, ring), 12)
    }

    func testPOIsThatReachTheRadiusKeepTheRingAndTheCentreInView() {
        let points: [(east: Double, north: Double)] = [(0.9, 0.1), (-0.5, -0.7), (0.2, 0.6)]
        let layout = MiniMap.framing(points: points, columns: 47, rows: 24, radiusMeters: 2_000, braille: true)
        for angle in stride(from: 0.0, to: 2 * Double.pi, by: 0.3) {
            XCTAssertNotNil(layout.locate(east: cos(angle), north: sin(angle)), "the ring at \(angle)")
        }
        XCTAssertNotNil(layout.locate(east: 0, north: 0))
        XCTAssertEqual(layout.originEast, 0, accuracy: 1e-9)
    }

    func testEveryPOIAndTheCentreStayInViewWhenTheyCrowdOneSide() {
        // All places 150–250 m north-east, at 25 km: the ring does not fit, the centre does.
        let points: [(east: Double, north: Double)] = [(0.006, 0.008), (0.01, 0.004), (0.004, 0.01)]
        let layout = MiniMap.framing(points: points, columns: 47, rows: 24, radiusMeters: 25_000, braille: true)
        XCTAssertNotNil(layout.locate(east: 0, north: 0), "the centre")
        for p in points { XCTAssertNotNil(layout.locate(east: p.east, north: p.north)) }
        XCTAssertNil(layout.locate(east: 1, north: 0), "the ring is out of view")
        XCTAssertEqual(cells(points, layout), 3)
    }

    func testZoomScalesByOneAndAHalfAStepAndTheScaleBarFollows() {
        XCTAssertEqual(MiniMap.zoomed(10, by: 2), 22.5, accuracy: 1e-9)
        XCTAssertEqual(MiniMap.zoomed(10, by: -1), 10 / 1.5, accuracy: 1e-9)
        // 100 m a cell in 27 cells: the longest round distance whose bar fits is 2 km (20 cells).
        let wide = MiniMap.scaleBar(choices: choices, metersPerCell: 100, maxCells: 27, labelWidth: { $0.count })
        XCTAssertEqual(wide?.label, "2 km")
        XCTAssertEqual(wide?.cells, 20)
        // Zoomed in ×1.5: 66.7 m a cell, 1 km is 15 cells.
        let zoomed = MiniMap.scaleBar(choices: choices, metersPerCell: 100 / 1.5, maxCells: 27, labelWidth: { $0.count })
        XCTAssertEqual(zoomed?.label, "1 km")
        XCTAssertEqual(zoomed?.cells, 15)
        XCTAssertNil(MiniMap.scaleBar(choices: choices, metersPerCell: .nan, maxCells: 27, labelWidth: { $0.count }))
    }

    func testTheLegendIsWholeAtEveryWidthTheMapIsShownAt() {
        let text = CellText(repertoire: .unicode)
        // The grid's width beside the list at 100, 120 and 200 columns, and at 80 under `m`.
        for width in [27, 45, 57, 78] {
            let lines = MiniMap.legend(unicode: true, width: width, measure: text.width)
            XCTAssertFalse(lines.isEmpty, "\(width)")
            for line in lines {
                let cells = line.reduce(0) { $0 + text.width($1.mark) + text.width($1.label) }
                XCTAssertLessThanOrEqual(cells, width, "\(width)")
            }
            let all = lines.flatMap { $0 }.map(\.label).joined()
            for word in ["centre", "selected", "place"] { XCTAssertTrue(all.contains(word), "\(word) at \(width)") }
        }
        XCTAssertEqual(MiniMap.legend(unicode: true, width: 57, measure: text.width).count, 1)
        XCTAssertEqual(MiniMap.legend(unicode: true, width: 27, measure: text.width).count, 2)
    }

    func testACellOfSeveralPOIsShowsTheirCount() {
        XCTAssertEqual(MiniMap.countMark(2), "2")
        XCTAssertEqual(MiniMap.countMark(9), "9")
        XCTAssertEqual(MiniMap.countMark(12), "#")
    }
}
