/// The actions of keys that act on a list's rows (moves, `f`, Enter) pressed before the list's
/// first rows have arrived, kept in the order pressed and applied once the rows are there, as
/// fzf applies keys typed ahead of its items. Keys that need no rows act at once and never come
/// here. At most `limit` are kept (later ones are dropped); a load that ends without rows (a
/// failure, an empty list) drops them all.
///
/// ```swift
/// // handle(key:): while the rows are still loading (`RowActing` says which actions wait)
/// if typedAhead.keepsUntilRows(action, awaitingRows: awaitsRows) { return true }
/// // display: once the rows are there
/// for action in typedAhead.take() { perform(action) }
/// ```
struct TypedAheadKeys<Action> {
    /// The most actions kept: a burst of keys is bounded, whatever arrives.
    static var limit: Int { 64 }

    /// The kept actions, oldest first.
    private(set) var pending: [Action] = []

    /// Keeps an action until the rows arrive.
    /// - Parameter action: the key's action.
    /// - Returns: true (the key is handled), also when it was dropped because `limit` are kept.
    @discardableResult
    mutating func keep(_ action: Action) -> Bool {
        if pending.count < Self.limit { pending.append(action) }
        return true
    }

    /// Hands over the kept actions, oldest first, and forgets them: to apply once the rows are
    /// there, or to drop when the load ended without rows.
    mutating func take() -> [Action] {
        defer { pending.removeAll() }
        return pending
    }
}
