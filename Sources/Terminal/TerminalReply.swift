/// An answer a terminal sent to a query the app wrote: never a key.
public enum TerminalReply: Sendable, Hashable {
    /// The answer to OSC 11 (`ESC ] 11 ; colour` then BEL or ST): the background colour, or nil
    /// when the colour was in a form not read (`TerminalColour(x11:)`).
    case background(TerminalColour?)
    /// The answer to primary device attributes, DA1 (`ESC [ ? Ps ; … c`).
    case deviceAttributes
    /// The answer to a kitty graphics query (APC `G … ; message` then ST): ok when the message
    /// is `OK`, else the terminal's error.
    case graphics(ok: Bool)
}
