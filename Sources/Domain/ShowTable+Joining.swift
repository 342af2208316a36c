/// Two builders made one: the rows of a catalogue's pieces, read at once, joined in order.
extension ShowTable.Builder {
    /// Adds every row of another builder after these rows, in its order: the same rows as adding
    /// its shows here one by one gives (the values they share held once).
    /// - Parameter other: the rows to add.
    /// - Returns: false, with nothing added, when the text of both does not fit the columns'
    ///   32-bit offsets (4 GiB).
    public mutating func append(contentsOf other: ShowTable.Builder) -> Bool {
        guard text.count + other.text.count < Int(UInt32.max), ids.count + other.ids.count < Int(Int32.max) else { return false }
        // Id 0 is "none" in both (the pools of genre lists, schedules and broadcasters index
        // their "none" as 0; that of words does not).
        let words = [0] + other.words.dropFirst().map { Self.id(of: $0, in: &self.words, &wordIndex) }
        let genres = other.genreLists.map { Self.id(of: $0, in: &genreLists, &genreIndex) }
        let schedules = other.schedules.map { Self.id(of: $0, in: &self.schedules, &scheduleIndex) }
        let broadcasters = other.broadcasters.map { Self.id(of: $0, in: &self.broadcasters, &broadcasterIndex) }
        let rowBase = Int32(ids.count), textBase = UInt32(text.count)
        ids += other.ids
        text += other.text
        offsets += other.offsets.dropFirst().map { $0 + textBase }
        wordIDs += other.wordIDs.map { words[Int($0)] }
        listIDs.reserveCapacity(listIDs.count + other.listIDs.count)
        for i in stride(from: 0, to: other.listIDs.count, by: 3) {
            listIDs.append(genres[Int(other.listIDs[i])])
            listIDs.append(schedules[Int(other.listIDs[i + 1])])
            listIDs.append(broadcasters[Int(other.listIDs[i + 2])])
        }
        numbers += other.numbers
        ratings += other.ratings
        updated += other.updated
        flags += other.flags
        for (row, summary) in other.summaries { summaries[row + rowBase] = summary }
        for (row, show) in other.wholeShows { wholeShows[row + rowBase] = show }
        return true
    }
}
