/// A mouse click in a scene: the screen cell, and 1 for a click or 2 for a double click.
package struct SceneClick: Equatable, Sendable {
    /// The screen row from 0 at the top.
    let row: Int
    /// The screen column from 0 at the left.
    let column: Int
    /// 1, or 2 for a double click (the second click of it; the first came as 1).
    let count: Int

    /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
    package init(row: Int, column: Int, count: Int) {
        self.row = row
        self.column = column
        self.count = count
    }
}
