import Domain
import Synchronization

/// Where each show of a catalogue's list is, by id: made the first time a position is asked
/// for (a show's details), not while the catalogue loads, so that a 100,000-show snapshot's
/// first frame does not wait for a table of 100,000 ids. Shared by the copies of a catalogue.
final class ShowPositions: Sendable {
    private let shows: [TVShow]
    private let table: Mutex<[Int: Int]?>

    /// Makes the positions of a list's shows (`shows` is held, not copied).
    /// - Parameter shows: the list.
    init(_ shows: [TVShow]) {
        self.shows = shows
        self.table = Mutex(nil)
    }

    /// The position in the list of the show with an id (the last, should two have it), nil when none has it.
    /// - Parameter id: the show's id.
    func position(of id: Int) -> Int? {
        table.withLock { kept in
            if let kept { return kept[id] }
            var index: [Int: Int] = [:]
            index.reserveCapacity(shows.count)
            // Each id read in place: binding the whole show would copy (retain) its strings.
            for i in shows.indices { index[shows[i].id] = i }
            kept = index
            return index[id]
        }
    }
}
