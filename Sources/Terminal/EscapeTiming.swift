/// How long an escape sequence may take to arrive whole: the wait after a lone `ESC` before it
/// counts as the Escape key.
///
/// - Locally 25 ms: a terminal writes a key's whole sequence at once, and a person's next key
///   comes far later, so Esc answers at once.
/// - Over SSH (`SSH_CONNECTION` or `SSH_TTY` set) 100 ms: a sequence split across packets
///   arrives in parts one network round trip apart, and an arrow must stay an arrow.
/// - `ESCDELAY` in the environment (milliseconds, as ncurses reads it) wins over both; a value
///   that is not a whole number from 0 to 10000 is ignored.
public enum EscapeTiming {
    /// The wait on a local terminal.
    public static let local: Duration = .milliseconds(25)
    /// The wait over SSH.
    public static let remote: Duration = .milliseconds(100)
    /// The largest `ESCDELAY` taken, in milliseconds.
    public static let maximumMilliseconds = 10_000

    /// The wait for an environment.
    /// - Parameter environment: the process's environment.
    /// - Returns: the delay.
    public static func delay(environment: [String: String]) -> Duration {
        if let text = environment["ESCDELAY"],
            let ms = milliseconds(text), (0...maximumMilliseconds).contains(ms)
        {
            return .milliseconds(ms)
        }
        let remote = ["SSH_CONNECTION", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
        return remote ? Self.remote : local
    }

    /// The unusable `ESCDELAY` value of an environment, or nil when it is absent or usable.
    /// - Parameter environment: the process's environment.
    /// - Returns: the value, for a notice.
    public static func badValue(environment: [String: String]) -> String? {
        guard let text = environment["ESCDELAY"] else { return nil }
        if let ms = milliseconds(text), (0...maximumMilliseconds).contains(ms) { return nil }
        return text
    }

    /// An `ESCDELAY` value read as whole milliseconds, spaces and tabs around it ignored.
    private static func milliseconds(_ text: String) -> Int? {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return Int(String(text.drop(while: blank).reversed().drop(while: blank).reversed()))
    }
}
