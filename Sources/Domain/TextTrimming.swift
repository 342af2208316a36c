/// Trimming and splitting text by a `ScalarSet`, with the standard library alone.
///
/// These stand for Foundation's `trimmingCharacters(in:)` and `components(separatedBy:)` with a
/// character set, and behave the same way: they work on Unicode scalars, so trimming
/// `.whitespaces` from `" \u{301}a "` keeps the combining mark that starts the text.
extension StringProtocol {
    /// The text without the leading and trailing scalars in `set`.
    /// - Parameter set: the scalars to remove at both ends, for example `.whitespaces`.
    /// - Returns: the trimmed text; empty when every scalar is in `set`.
    public func trimming(_ set: ScalarSet) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
            let last = scalars.lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The pieces of the text between the scalars in `set`, empty pieces included (as
    /// Foundation's `components(separatedBy:)` gives them): `"a,,b"` split by `","` is
    /// `["a", "", "b"]`, and the empty text gives `[""]`.
    /// - Parameter set: the separators.
    /// - Returns: one more piece than there are separators.
    public func components(separatedBy set: ScalarSet) -> [String] {
        unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: set.contains)
            .map { String(String.UnicodeScalarView($0)) }
    }
}
