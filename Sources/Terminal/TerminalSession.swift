import CTerminalGuard
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

/// The event loop: keys from a read source on the terminal, signals through a self-pipe read by
/// a second read source, and frames drawn only when something changed. Nothing polls: an idle
/// session sleeps in the kernel and writes nothing.
///
/// Signals: SIGWINCH resizes and repaints at once; SIGTSTP (Ctrl-Z) leaves curses cleanly and
/// stops; SIGCONT comes back at the current size with a full repaint; SIGINT, SIGTERM, SIGHUP
/// and SIGQUIT restore the terminal, run `onExit` and exit with 128 + the signal number. Losing the terminal
/// (end of file or an error on its input) exits with status 1.
@MainActor
public final class TerminalSession {
    /// The signals the session handles. Their handlers (installed before curses starts, so
    /// ncurses keeps its own off them) write the signal's number to a pipe that the main queue
    /// reads. libdispatch's signal sources are not used: on Linux they need the signal blocked
    /// in every thread, and `dispatchMain()` parks the main thread in `sigsuspend` with every
    /// signal unblocked.
    public static let handledSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handlers of the handled signals; call before the screen is set up.
    /// - Returns: the pipe's read end, or -1 when it could not be made.
    @discardableResult
    public static func installSignalHandlers() -> Int32 {
        if signalFD < 0 {
            signalFD = handledSignals.withUnsafeBufferPointer { dc_signal_pipe($0.baseAddress, Int32($0.count)) }
        }
        return signalFD
    }

    private static var signalFD: Int32 = -1

    /// The screen.
    public let screen: CursesScreen
    private weak var delegate: TerminalSessionDelegate?
    private var sources: [DispatchSourceProtocol] = []
    private var renderScheduled = false
    private var suspended = false
    private var inputFD: Int32 = 0
    private var emptyReads = 0
    /// Called once when the session ends (quit, a signal that ends it, the terminal lost),
    /// after the terminal is restored and just before the process exits, with the exit
    /// status: the place to finish saving and to say on standard error what could not be.
    public var onExit: (@MainActor (Int32) -> Void)?

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
        self.inputFD = inputFD
        let input = DispatchSource.makeReadSource(fileDescriptor: inputFD, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputReady(available: Int(input.data)) }
        }
        input.resume()
        sources.append(input)
        let signalFD = Self.installSignalHandlers()
        if signalFD >= 0 {
            let signals = DispatchSource.makeReadSource(fileDescriptor: signalFD, queue: .main)
            signals.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.drainSignals(fd: signalFD) }
            }
            signals.resume()
            sources.append(signals)
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

    /// Restores the terminal, runs `onExit` and exits the process.
    /// - Parameter status: the exit status: 0 on quit, 1 on a runtime error, 128 + n on signal n.
    public func exit(status: Int32) -> Never {
        for source in sources { source.cancel() }
        screen.end()
        onExit?(status)
        ProcessExit.now(status)
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
        ProcessExit.now(1)
    }

    private func drainSignals(fd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fd, &bytes, bytes.count)
            guard n > 0 else { break }
            // Several resizes in one read need one re-layout.
            var seen = Set<Int32>()
            for byte in bytes[0..<n] where seen.insert(Int32(byte)).inserted || Int32(byte) != SIGWINCH {
                handle(signal: Int32(byte))
            }
        }
    }

    private func handle(signal signo: Int32) {
        switch signo {
        case SIGWINCH:
            if screen.updateSize() { screen.invalidate() }
            renderNow()
        case SIGTSTP:
            suspend()
        case SIGCONT:
            // Continued as a background job (`kill -CONT` after Ctrl-Z, or `bg`): paint nothing
            // and stop again, so the shell lists the job as stopped and `fg` continues it in
            // front with a SIGCONT (a shell sends none to a job that is already running).
            guard isForeground else {
                if !suspended {
                    suspended = true
                    screen.suspend()
                }
                kill(getpid(), SIGSTOP)
                return
            }
            // Back in front, after our own Ctrl-Z or someone else's SIGSTOP: the terminal's
            // modes and the screen may be anything now.
            suspended = true
            resume()
        default:
            exit(status: 128 + signo)
        }
    }

    private func suspend() {
        suspended = true
        screen.suspend()
        // SIGSTOP cannot be caught. The stop may take effect a moment after kill() returns,
        // so the session comes back only when SIGCONT arrives through the signal pipe.
        kill(getpid(), SIGSTOP)
    }

    /// True when this process's group owns the terminal (it is not a background job).
    private var isForeground: Bool {
        let owner = tcgetpgrp(inputFD)
        return owner < 0 || owner == getpgrp()
    }

    private func resume() {
        guard suspended else { return }
        suspended = false
        screen.resume()
        renderNow()
    }
}
