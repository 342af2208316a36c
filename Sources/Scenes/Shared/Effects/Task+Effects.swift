extension Task where Success == Void, Failure == Never {
    /// A task that has nothing to do: what a use case returns when its request starts nothing.
    static var nothing: Task<Void, Never> { Task {} }

    /// A task that ends when all the given tasks have ended.
    /// - Parameter tasks: the tasks; nils are skipped.
    /// - Returns: one task awaiting them in order.
    static func all(_ tasks: [Task<Void, Never>?]) -> Task<Void, Never> {
        let running = tasks.compactMap { $0 }
        if running.count == 1, let only = running.first { return only }
        return Task { for task in running { await task.value } }
    }
}
