// watched-stress: a test-only program (not part of the `discover-tui` product) that drives
// `WatchedStore` on a folder from a separate process, so tests can run two writers at once and
// kill a writer in the middle of a save.
//
//   watched-stress mark DIR SEASON COUNT
//       Marks episodes 1…COUNT of season SEASON of show test/1, one transaction each, and every
//       third one unwatched again right after (so it ends marked: it is marked once more).
//       Exits 0 when every change was saved, 1 otherwise (with the reason).
//   watched-stress loop DIR
//       Marks for ever (each change a batch of 50 episodes, so each write takes a while),
//       printing `committed SEASON` on standard output once a batch's transaction returned;
//       for being killed with SIGKILL.
//   watched-stress open DIR
//       Prints `opening`, opens the store (moving a version-1 file to version 2), prints
//       `opened` and exits 0; for being killed with SIGKILL in the middle of the move.
//   watched-stress hold DIR SECONDS
//       Opens the store (making it when missing), then takes SQLite's write lock on it on a
//       connection of its own (`BEGIN IMMEDIATE`, as another copy in the middle of a save
//       holds it), prints `holding`, keeps it SECONDS seconds, commits and exits 0; for
//       being killed with SIGKILL to free the lock sooner.
import CSQLite
import Domain
import Foundation
import Workers

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("watched-stress: \(message)\n".utf8))
    exit(1)
}

let show = WatchedShowID(provider: "test", id: 1)
func mark(_ season: Int, _ number: Int) -> WatchedMark {
    WatchedMark(
        key: WatchedEpisodeKey(show: show, season: season, number: number), showName: "Test show",
        tvmazeEpisodeID: season * 1000 + number, markedAt: Int(time(nil)))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: watched-stress mark DIR SEASON COUNT | loop DIR | open DIR | hold DIR SECONDS") }
func say(_ text: String) {
    let line = Array((text + "\n").utf8)
    guard write(1, line, line.count) == line.count else { fail("cannot write to standard output") }
}
if arguments[0] == "open" {
    say("opening")
    do {
        _ = try WatchedStore(directory: arguments[1])
    } catch {
        fail(error.line)
    }
    say("opened")
    exit(0)
}
if arguments[0] == "hold" {
    guard arguments.count == 3, let seconds = UInt32(arguments[2]) else { fail("bad hold arguments") }
    do {
        _ = try WatchedStore(directory: arguments[1])
    } catch {
        fail(error.line)
    }
    var db: OpaquePointer?
    guard sqlite3_open_v2(arguments[1] + "/" + WatchedStore.fileName, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db else {
        fail("cannot open the store with SQLite")
    }
    guard sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK else { fail(String(cString: sqlite3_errmsg(db))) }
    say("holding")
    sleep(seconds)
    guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { fail(String(cString: sqlite3_errmsg(db))) }
    sqlite3_close(db)
    exit(0)
}
let store: WatchedStore
do {
    store = try WatchedStore(directory: arguments[1])
} catch {
    fail(error.line)
}

switch arguments[0] {
case "mark":
    guard arguments.count == 4, let season = Int(arguments[2]), let count = Int(arguments[3]) else { fail("bad mark arguments") }
    do {
        for number in 1...max(1, count) {
            try store.add([mark(season, number)])
            if number % 3 == 0 {
                try store.remove([mark(season, number).key])
                try store.add([mark(season, number)])
            }
        }
    } catch {
        fail(error.line)
    }
case "loop":
    var season = 1
    while true {
        do {
            try store.add((1...50).map { mark(season, $0) })
        } catch {
            fail(error.line)
        }
        // Straight to the file descriptor: the line is out before the next batch starts.
        let line = Array("committed \(season)\n".utf8)
        guard write(1, line, line.count) == line.count else { fail("cannot write to standard output") }
        season += 1
    }
default:
    fail("unknown command \(arguments[0])")
}
exit(0)
