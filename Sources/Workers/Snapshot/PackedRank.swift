import Domain

/// A show's rank, weight, rating and whether it has a name as one number that is smaller for
/// the show that ranks above (`TVShow.ranksAbove` up to the names' order), when they fit:
/// from the most significant bits, the rank (0 to 2^20 - 2, missing last), the weight
/// (-1 to 32,766, greater first; missing as -1), the rating in tenths (-1.0 to 203.6, an
/// exact number of tenths, greater first; missing as -1) and a bit set for an empty name.
enum PackedRank {
    /// The bits of the rank, the weight and the rating (47 with the name's).
    static let rankBits = 20, weightBits = 15, ratingBits = 11
    /// The largest rank that fits; a missing rank is one more.
    static let largestRank = (1 << rankBits) - 2
    /// The largest weight that fits (the smallest is -1).
    static let largestWeight = (1 << weightBits) - 2
    /// The largest rating that fits, in tenths (the smallest is -1.0, -10 tenths).
    static let largestTenths = (1 << ratingBits) - 12

    /// Whether every row's values fit.
    static func fits(_ table: ShowTable, _ rows: [Int]) -> Bool {
        for row in rows {
            if let rank = table.popularityRank(row), rank < 0 || rank > largestRank { return false }
            if let weight = table.weight(row), weight < -1 || weight > largestWeight { return false }
            if let rating = table.rating(row), tenths(rating) == nil { return false }
        }
        return true
    }

    /// A rating as a whole number of tenths, nil when it is not one or is out of range.
    @inline(__always)
    static func tenths(_ rating: Double) -> Int? {
        guard rating.isFinite, rating >= -1, rating <= Double(largestTenths) / 10 else { return nil }
        let tenths = (rating * 10).rounded()
        return Double(tenths) / 10 == rating ? Int(tenths) : nil
    }

    /// The number for values that fit (`fits`).
    @inline(__always)
    static func pack(rank: Int?, weight: Int?, rating: Double?, hasName: Bool) -> UInt64 {
        let rankField = UInt64(rank ?? largestRank + 1)
        let weightField = UInt64(largestWeight - (weight ?? -1))
        let ratingField = UInt64(largestTenths - (rating.flatMap(tenths) ?? -10))
        return rankField << UInt64(weightBits + ratingBits + 1) | weightField << UInt64(ratingBits + 1)
            | ratingField << 1 | (hasName ? 0 : 1)
    }
}
