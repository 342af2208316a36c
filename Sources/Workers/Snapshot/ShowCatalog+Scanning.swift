import CSnapshotData
import Domain
import FoundationEssentials

/// Catalogues read with `ShowArrayScanner`: the shows in the order of the array, with where
/// each show's JSON object lies.
extension ShowCatalog {
    init(_ scanned: consuming ScannedShows, source: DataSource, store: ShowRecords.Store) {
        let table = scanned.table.finish()
        let order = ShowRankOrder.rankOrder(of: table, keeping: ShowRankOrder.newestByID(table))
        let ranges = scanned.records
        // The list holds a reference and a row per show (16 bytes), in rank order; older
        // duplicates are left out.
        self.init(
            sorted: order.map { TVShow(row: $0, of: table) }, source: source, cast: [:], seasons: [:], summaryHTML: [:],
            records: ShowRecords(store: store, ranges: order.map { ranges[$0] }))
    }
}
