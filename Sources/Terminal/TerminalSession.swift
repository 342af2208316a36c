import CTerminalGuard
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the app does with the terminal's events. Called on the main actor.
@MainActor
public protocol TerminalSessionDelegate: AnyObject {
    /// A key was pressed.
    /// - Parameters:
    ///   - session: the session.
    ///   - key: the key.
    func session(_ session: TerminalSession, didReceive key: Key)
    /// Paint a whole frame.
    /// - Parameter canvas: the screen, at its current size.
    func render(on canvas: Canvas)
}

/// The event loop: keys from a read source on the terminal, signals from signal sources, and
/// frames drawn only when something changed. Nothing polls: an idle session sleeps in the
/// kernel and writes nothing.
///
/// Signals: SIGWINCH resizes and repaints at once; SIGTSTP (Ctrl-Z) leaves curses cleanly and
/// stops; SIGCONT comes back at the current size with a full repaint; SIGINT, SIGTERM, SIGHUP
/// and SIGQUIT restore the terminal and exit with 128 + the signal number. Losing the terminal
/// (end of file or an error on its input) exits with status 1.
@MainActor
public final class TerminalSession {
    /// The signals the session handles through signal sources. They are blocked in every
    /// thread (`blockHandledSignals()`, before any thread starts), which is what libdispatch's
    /// signal sources need on Linux.
    public static let handledSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Blocks the handled signals in the calling thread, so that every thread started later
    /// inherits the mask. Call first thing in `main`.
    public static func blockHandledSignals() {
        _ = handledSignals.withUnsafeBufferPointer { dc_block_signals($0.baseAddress, Int32($0.count)) }
    }

    /// The screen.
    public let screen: CursesScreen
    private weak var delegate: TerminalSessionDelegate?
    private var sources: [DispatchSourceProtocol] = []
    private var renderScheduled = false
    private var suspended = false
    private var emptyReads = 0
    private var lastResume = Date.distantPast
    /// Called once just before the process exits, with the exit status.
    public var onExit: ((Int32) -> Void)?

    /// Makes a session on a screen.
    /// - Parameters:
    ///   - screen: the set-up screen.
    ///   - delegate: who handles keys and paints frames.
    public init(screen: CursesScreen, delegate: TerminalSessionDelegate) {
        self.screen = screen
        self.delegate = delegate
    }

    /// Starts the sources and draws the first frame. Returns at once; the caller then parks
    /// the main thread in `dispatchMain()`.
    /// - Parameter inputFD: the descriptor keys are read from.
    public func start(inputFD: Int32) {
        let input = DispatchSource.makeReadSource(fileDescriptor: inputFD, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputReady(available: Int(input.data)) }
        }
        input.resume()
        sources.append(input)
        for signo in Self.handledSignals {
            let source = DispatchSource.makeSignalSource(signal: signo, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.handle(signal: signo) }
            }
            source.resume()
            sources.append(source)
        }
        screen.updateSize()
        renderNow()
    }

    /// Asks for a frame soon; several requests before it is drawn make one frame.
    public func setNeedsDisplay() {
        guard !renderScheduled else { return }
        renderScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.renderNow() }
        }
    }

    /// Repaints every cell on the next frame (Ctrl-L).
    public func forceFullRepaint() {
        screen.invalidate()
        setNeedsDisplay()
    }

    /// Restores the terminal and exits the process.
    /// - Parameter status: the exit status: 0 on quit, 1 on a runtime error, 128 + n on signal n.
    public func exit(status: Int32) -> Never {
        for source in sources { source.cancel() }
        screen.end()
        onExit?(status)
        Glibc.exit(status)
    }

    private func renderNow() {
        renderScheduled = false
        guard !suspended, let delegate else { return }
        screen.present { delegate.render(on: $0) }
    }

    private func inputReady(available: Int) {
        let keys = screen.readKeys()
        if keys.isEmpty {
            // Readable with nothing to read, again and again: the terminal is gone (EOF/EIO).
            emptyReads = available == 0 ? emptyReads + 1 : 0
            if emptyReads >= 3 { terminalLost() }
            return
        }
        emptyReads = 0
        for key in keys {
            if key == .resize {
                // ncurses' own resize notice (queued by resizeterm or its own handler): the
                // size is already applied; a repaint is all that is left to do.
                setNeedsDisplay()
                continue
            }
            delegate?.session(self, didReceive: key)
        }
        renderNow()
    }

    private func terminalLost() {
        for source in sources { source.cancel() }
        screen.end()
        onExit?(1)
        Glibc.exit(1)
    }

    private func handle(signal signo: Int32) {
        switch signo {
        case SIGWINCH:
            if screen.updateSize() { screen.invalidate() }
            renderNow()
        case SIGTSTP:
            suspend()
        case SIGCONT:
            if suspended {
                resume()
            } else if Date().timeIntervalSince(lastResume) > 1 {
                // Stopped by someone else (SIGSTOP): the screen may be anything now.
                screen.updateSize()
                forceFullRepaint()
            }
        default:
            exit(status: 128 + signo)
        }
    }

    private func suspend() {
        suspended = true
        screen.suspend()
        // SIGSTOP cannot be blocked or caught: the process stops here until SIGCONT.
        kill(getpid(), SIGSTOP)
        resume()
    }

    private func resume() {
        guard suspended else { return }
        suspended = false
        lastResume = Date()
        screen.resume()
        renderNow()
    }
}
