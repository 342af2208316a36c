/// A class of Unicode scalars (whitespace, newlines, letters…), for trimming and splitting text
/// with the standard library alone.
///
/// The members follow Foundation's `CharacterSet` of the same name, which is defined by Unicode
/// General Categories (Unicode Standard, chapter 4.5; UAX #44): `whitespaces` is Zs plus
/// CHARACTER TABULATION (U+0009) and ZERO WIDTH SPACE (U+200B, Zs before Unicode 4.0.1, and
/// still in Foundation's set); `newlines` is U+000A…U+000D, U+0085, U+2028 and U+2029;
/// `whitespacesAndNewlines` is both; `letters` is L* and M*; `alphanumerics` adds N*.
/// Membership is a pure function of the scalar, so a set is safe to share between threads.
public struct ScalarSet: Sendable {
    private let test: @Sendable (Unicode.Scalar) -> Bool

    /// A set given by a membership test.
    /// - Parameter contains: true for the scalars in the set.
    public init(_ contains: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        test = contains
    }

    /// A set holding exactly the scalars of `characters`.
    /// - Parameter characters: the members, for example `"-_."`.
    public init(charactersIn characters: String) {
        let members = Set(characters.unicodeScalars)
        test = { members.contains($0) }
    }

    /// Whether `scalar` is in the set.
    /// - Parameter scalar: any scalar.
    /// - Returns: true for a member.
    public func contains(_ scalar: Unicode.Scalar) -> Bool { test(scalar) }

    /// The union of this set and `other`.
    /// - Parameter other: another set.
    /// - Returns: a set holding the members of both.
    public func union(_ other: ScalarSet) -> ScalarSet {
        let first = test, second = other.test
        return ScalarSet { first($0) || second($0) }
    }

    /// The scalars not in this set.
    public var inverted: ScalarSet {
        let test = test
        return ScalarSet { !test($0) }
    }

    /// Space separators (General Category Zs), the horizontal tab (U+0009) and the zero width
    /// space (U+200B).
    public static let whitespaces = ScalarSet { scalar in
        scalar.value == 0x09 || scalar.value == 0x20 || scalar.value == 0x200B
            || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
    }

    /// Line ends: U+000A…U+000D, NEXT LINE (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH
    /// SEPARATOR (U+2029).
    public static let newlines = ScalarSet { scalar in
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `whitespaces` and `newlines` together.
    public static let whitespacesAndNewlines = whitespaces.union(newlines)

    /// Letters and marks (General Categories L* and M*).
    public static let letters = ScalarSet { scalar in
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// Letters, marks and numbers (General Categories L*, M* and N*).
    public static let alphanumerics = letters.union(
        ScalarSet { scalar in
            switch scalar.properties.generalCategory {
            case .decimalNumber, .letterNumber, .otherNumber: return true
            default: return false
            }
        })
}
