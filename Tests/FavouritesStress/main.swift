// favourites-stress: a test-only program (not part of the `discover-tui` product) that drives
// `FavouritesWorker` on a folder from a separate process, so tests can run two writers at
// once and kill a writer in the middle of a save.
//
//   favourites-stress toggle DIR NAME COUNT SHARED REMOVE...
//       COUNT toggles of this process's own shows NAME-0, NAME-1… (every fifth toggles the
//       previous one again, so it is removed), an add of show shared-(i % SHARED) every
//       tenth step, and a removal of each key `show/test/REMOVE` given, between the toggles.
//       Exits 0 when every change was saved, 1 otherwise (with the notice).
//   favourites-stress loop DIR
//       Saves for ever (adds and removes places with long names, so each write takes a
//       while); for being killed with SIGKILL.
import Domain
import Foundation
import Workers

func show(_ id: String) -> Favourite {
    Favourite(key: FavouriteKey(kind: .show, provider: "test", id: id), name: "Show \(id)", subtitle: "2020– · Test", addedAt: Int(time(nil)))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("favourites-stress: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: favourites-stress toggle DIR NAME COUNT SHARED [REMOVE...] | loop DIR") }
let worker = FavouritesWorker(store: FavouritesStore(directory: arguments[1]))

switch arguments[0] {
case "toggle":
    guard arguments.count >= 5, let count = Int(arguments[3]), let shared = Int(arguments[4]), shared > 0 else { fail("bad toggle arguments") }
    let name = arguments[2]
    let removals = Array(arguments.dropFirst(5))
    do {
        var keys = await worker.load().keys
        func save(_ change: FavouritesChange) async {
            let state = await worker.apply(change)
            if state.isInMemoryOnly { fail(state.notice ?? "not saved") }
            keys = state.keys
        }
        for i in 0..<count {
            // The toggle of the app: add when not a favourite, else remove.
            let id = i % 5 == 4 ? "\(name)-\(i - 1)" : "\(name)-\(i)"
            let item = show(id)
            await save(keys.contains(item.key) ? .remove(item.key) : .add(item))
            if i % 10 == 0 { await save(.add(show("shared-\(i / 10 % shared)"))) }
            if i < removals.count { await save(.remove(FavouriteKey(kind: .show, provider: "test", id: removals[i]))) }
        }
    }
case "loop":
    do {
        var i = 0
        while true {
            let long = String(repeating: "Name of a place long enough to make the file take a while to write ", count: 4)
            let place = Favourite(
                key: FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/\(i % 300)"),
                name: long + String(i), subtitle: "Café · Street \(i)", coordinate: Coordinate(validLatitude: 41, longitude: 29), addedAt: Int(time(nil)))
            _ = await worker.apply(i % 7 == 6 ? .remove(place.key) : .add(place))
            i += 1
        }
    }
default:
    fail("unknown command \(arguments[0])")
}
exit(0)
