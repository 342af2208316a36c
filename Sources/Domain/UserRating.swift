/// A person's own verdict on an episode or a show: a whole number from 1 to 10, as Trakt,
/// IMDb and SeriesGuide rate (10 the best).
public struct UserRating: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The rating, 1–10.
    public let value: Int

    /// Makes a rating; nil outside 1–10.
    /// - Parameter value: the rating, 1–10.
    public init?(_ value: Int) {
        guard (1...10).contains(value) else { return nil }
        self.value = value
    }

    /// The rating a digit key gives in the guide and the details: `1`–`9` as themselves and
    /// `0` as 10; nil for any other character.
    /// - Parameter digit: the key's character.
    public static func ofDigitKey(_ digit: Character) -> UserRating? {
        guard let n = digit.wholeNumberValue, digit.isASCII else { return nil }
        return UserRating(n == 0 ? 10 : n)
    }

    /// The number as text, `8`.
    public var description: String { String(value) }

    /// By value.
    public static func < (lhs: UserRating, rhs: UserRating) -> Bool { lhs.value < rhs.value }
}
