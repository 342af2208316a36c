import Workers

/// The progress of a mirror run as one line: on a terminal a bar
/// `[#####-----] page 12 of about 340 · 3,000 shows · about 3 min left`, in a pipe the same
/// words a page.
struct MirrorProgressLine {
    /// True for ASCII only.
    let ascii: Bool
    /// When the run started.
    let started: ContinuousClock.Instant
    /// Pages kept by this run.
    private var pagesThisRun = 0

    /// Makes one.
    init(ascii: Bool, started: ContinuousClock.Instant) {
        self.ascii = ascii
        self.started = started
    }

    /// The line for an event; with `bar` false (a pipe) the words alone, a line a page.
    mutating func say(_ event: MirrorRun.Event, bar drawn: Bool) -> String {
        let dot = ascii ? " - " : " · "
        switch event {
        case .page(let number, let shows, let mirrored, let expected):
            pagesThisRun += 1
            let spent = started.duration(to: .now).components
            let elapsed = Double(spent.seconds) + Double(spent.attoseconds) / 1e18
            let perPage = elapsed / Double(pagesThisRun)
            let left = Int((Double(max(0, expected - number - 1)) * perPage).rounded())
            var parts = [(drawn ? bar(done: number + 1, of: expected) + " " : "") + "page \(number + 1) of about \(expected)", "\(shows) shows on it", "\(ImportProgress.grouped(mirrored)) shows"]
            if number + 1 < expected { parts.append(left < 60 ? "about \(max(1, left)) s left" : "about \((left + 30) / 60) min left") }
            return parts.joined(separator: dot)
        case .updates(let window, let changed):
            return "\(changed) \(changed == 1 ? "show" : "shows") changed in the last \(window.rawValue)"
        case .episodeList(let done, let all):
            return (drawn ? bar(done: done, of: all) + " " : "") + "\(ImportProgress.grouped(done))/\(ImportProgress.grouped(all)) episode lists of your shows"
        case .changedShow(let done, let all):
            return (drawn ? bar(done: done, of: all) + " " : "") + "\(ImportProgress.grouped(done))/\(ImportProgress.grouped(all)) changed shows"
        }
    }

    private func bar(done: Int, of all: Int) -> String {
        let width = 20
        let filled = all > 0 ? min(width, done * width / all) : width
        let (full, empty) = ascii ? ("#", "-") : ("█", "░")
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: width - filled) + "]"
    }
}
