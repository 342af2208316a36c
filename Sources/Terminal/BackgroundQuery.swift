/// Asking the terminal, once at start, for its background colour, so that `--theme auto` picks
/// the palette made for it: OSC 11 (`ESC ] 11 ; ? BEL`, xterm's "Control Sequences"), answered as
/// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` then BEL or ST by xterm, VTE, kitty, st, foot, iTerm2 and
/// others.
///
/// Outside tmux, a DA1 query (`ESC [ c`) follows: every terminal answers it, and in order, so a
/// DA1 answer that comes first says at once that the terminal ignores OSC 11. Inside tmux
/// (`TMUX` set) the query goes twice: as it is, which tmux 3.4 and later answer themselves with
/// the colour of the terminal they run in, and wrapped for tmux's passthrough
/// (`ESC P tmux; ESC ESC ] 11 ; ? BEL ESC \`), which the terminal outside answers when
/// `allow-passthrough` is on (tmux before 3.3 had it on). No DA1 is sent there: tmux answers
/// DA1 itself at once, before the terminal outside has answered the passed-through query.
/// The first answer counts; a later one, or one after `timeout`, is swallowed by
/// `InputDecoder` like any other (`InputEvent.reply`).
public struct BackgroundQuery: Sendable, Equatable {
    /// The longest wait for the answer before the first frame.
    public static let timeout: Duration = .milliseconds(100)

    /// True inside tmux.
    public let insideTmux: Bool

    /// Makes the query for where the app runs.
    /// - Parameter insideTmux: true when `TMUX` is set.
    public init(insideTmux: Bool) {
        self.insideTmux = insideTmux
    }

    /// The query for an environment: inside tmux when `TMUX` is set and not empty.
    /// - Parameter environment: the process's environment.
    public init(environment: [String: String]) {
        self.init(insideTmux: !(environment["TMUX"] ?? "").isEmpty)
    }

    /// What to write to the terminal.
    public var bytes: [UInt8] {
        let osc11 = "\u{1B}]11;?\u{07}"
        if insideTmux { return Array((osc11 + "\u{1B}Ptmux;\u{1B}\u{1B}]11;?\u{07}\u{1B}\\").utf8) }
        return Array((osc11 + "\u{1B}[c").utf8)
    }

    /// The OSC 11 query alone, for when a later query ends with the DA1 query.
    public static let osc11: [UInt8] = Array("\u{1B}]11;?\u{07}".utf8)

    /// What a reply that arrived while waiting settles.
    public enum Outcome: Sendable, Hashable {
        /// The terminal answered: its background (nil: a colour in a form not read).
        case answered(TerminalColour?)
        /// The terminal answered DA1 first: it will not answer OSC 11.
        case unanswered
    }

    /// What a reply settles, or nil when it settles nothing (a DA1 answer inside tmux, where
    /// tmux answers DA1 itself).
    /// - Parameter reply: the reply.
    /// - Returns: the outcome, or nil to go on waiting.
    public func outcome(of reply: TerminalReply) -> Outcome? {
        switch reply {
        case .background(let colour): return .answered(colour)
        case .deviceAttributes: return insideTmux ? nil : .unanswered
        case .graphics: return nil
        }
    }
}
