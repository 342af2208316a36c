import Domain

#if canImport(Glibc)
    import Glibc
#endif

/// Where a damaged file is moved aside: `NAME.corrupt-YYYYMMDD-HHMMSS` (UTC), with `-2`, `-3`…
/// when that name is taken, so nothing the person had is overwritten.
enum AsideName {
    /// The first free name for a damaged file.
    /// - Parameters:
    ///   - path: the damaged file's path.
    ///   - now: the time to stamp, in seconds since 1970-01-01 UTC.
    /// - Returns: a path beside it that no file has.
    static func free(for path: String, now: Int) -> String {
        var time = time_t(now)
        var parts = tm()
        gmtime_r(&time, &parts)
        let two = { (n: Int32) in DecimalText.padded(Int(n), width: 2) }
        let stamp =
            DecimalText.padded(Int(parts.tm_year) + 1900, width: 4) + two(parts.tm_mon + 1) + two(parts.tm_mday)
            + "-" + two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec)
        let base = path + ".corrupt-" + stamp
        var target = base
        var n = 1
        while access(target, F_OK) == 0 {
            n += 1
            target = base + "-\(n)"
        }
        return target
    }
}
