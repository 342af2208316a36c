/// A binary min-heap of (priority, node) for the walking searches.
struct WalkingHeap {
    private var items: [(Double, Int32)] = []

    /// Adds a node with its priority.
    mutating func push(_ priority: Double, _ node: Int32) {
        items.append((priority, node))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if items[parent].0 <= items[child].0 { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    /// Takes the node of least priority, or nil when empty.
    mutating func pop() -> (Double, Int32)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left].0 < items[smallest].0 { smallest = left }
                if right < items.count, items[right].0 < items[smallest].0 { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
