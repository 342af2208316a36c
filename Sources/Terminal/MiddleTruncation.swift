extension CellText {
    /// Cuts text to at most `cells` cells by taking out its middle, replaced by the ellipsis:
    /// `51c1ea234b41…4d61726c65747465`, `https://www.exa…/store/7085`. The start keeps the
    /// larger half (one cell more when the room is odd). Never splits a wide glyph, so the
    /// result may be one cell short of `cells`.
    /// - Parameters:
    ///   - text: any string (sanitised here).
    ///   - cells: the room, in cells (0 or more).
    /// - Returns: sanitised text of width ≤ `cells`; the whole text when it fits.
    public func truncateMiddle(_ text: String, toCells cells: Int) -> String {
        let all = glyphs(text)
        let total = all.reduce(0) { $0 + $1.width }
        guard total > cells else { return render(all) }
        guard cells > 1 else { return cells == 1 ? ellipsis : "" }
        let room = cells - 1
        let headRoom = (room + 1) / 2, tailRoom = room - headRoom
        var head: [Glyph] = [], used = 0
        for glyph in all {
            if used + glyph.width > headRoom { break }
            head.append(glyph)
            used += glyph.width
        }
        var tail: [Glyph] = []
        used = 0
        for glyph in all.reversed() {
            if used + glyph.width > tailRoom { break }
            tail.insert(glyph, at: 0)
            used += glyph.width
        }
        return render(head) + ellipsis + render(tail)
    }
}
