/// A list scene's key action, as `TypedAheadKeys` tells them apart: one that acts on the list's
/// rows (a move, Enter, `f`) waits for them while they are loading; the others act at once.
protocol RowActing {
    /// True when the action needs the list's rows.
    var actsOnRows: Bool { get }
}

extension TypedAheadKeys where Action: RowActing {
    /// Keeps an action that acts on rows still loading: the one routing of both lists' keys
    /// typed ahead.
    /// - Parameters:
    ///   - action: the key's action.
    ///   - awaitingRows: true while the list's first rows have not arrived.
    /// - Returns: true when it was kept (the key is handled); false when it acts at once.
    mutating func keepsUntilRows(_ action: Action, awaitingRows: Bool) -> Bool {
        guard awaitingRows, action.actsOnRows else { return false }
        return keep(action)
    }
}
