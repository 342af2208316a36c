/// One mouse report: which button did what, and where.
public struct MouseEvent: Sendable, Hashable {
    /// What happened to the button.
    public enum Action: Sendable, Hashable {
        /// Pressed (a wheel step is always a press).
        case press
        /// Released.
        case release
        /// Moved while held (or moved, with any-motion tracking).
        case motion
    }

    /// The button.
    public var button: MouseButton
    /// What it did.
    public var action: Action
    /// The row, counted from 0 at the top of the screen.
    public var row: Int
    /// The column, counted from 0 at the left of the screen.
    public var column: Int

    /// Makes a report.
    /// - Parameters:
    ///   - button: the button.
    ///   - action: what it did.
    ///   - row: the row from 0.
    ///   - column: the column from 0.
    public init(button: MouseButton, action: MouseEvent.Action, row: Int, column: Int) {
        self.button = button
        self.action = action
        self.row = row
        self.column = column
    }
}
