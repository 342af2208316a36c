/// One page of a longer list.
///
/// Shape: the page's items, its number (0-based) and whether a further page may exist.
public struct PagedResult<Item: Sendable>: Sendable {
    /// The items of this page, in the source's order.
    public let items: [Item]
    /// The page number, from 0.
    public let page: Int
    /// True when asking for `page + 1` may return more items.
    public let hasMore: Bool
    /// Where the page came from.
    public let source: DataSource
    /// How the list was made (what its order means), when the source says.
    public let basis: ListBasis?

    /// Makes a page.
    /// - Parameters:
    ///   - items: the items.
    ///   - page: the page number, from 0.
    ///   - hasMore: whether a next page may exist.
    ///   - source: where the page came from.
    ///   - basis: how the list was made; nil when the source does not say.
    public init(items: [Item], page: Int, hasMore: Bool, source: DataSource, basis: ListBasis? = nil) {
        self.items = items
        self.page = page
        self.hasMore = hasMore
        self.source = source
        self.basis = basis
    }
}
