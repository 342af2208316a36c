/// Async work's result with its error caught, for the commands that print one outcome and exit.
enum Caught {
    /// Runs `work` to its end.
    /// - Parameters:
    ///   - isolation: the caller's actor, which the work runs on.
    ///   - work: the work.
    /// - Returns: its value, or the error it threw.
    static func result<T>(isolation: isolated (any Actor)? = #isolation, _ work: () async throws -> T) async -> Result<T, Error> {
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }
}
