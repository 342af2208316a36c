import CTerminalGuard
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The event loop: bytes from a read source on the terminal, decoded by `InputDecoder`
/// (with a one-shot timer only while an incomplete escape sequence waits for its rest),
/// signals through a self-pipe read by a second read source, and frames drawn only when
/// something changed. Nothing polls: an idle session sleeps in the kernel and writes nothing.
///
/// Signals: SIGWINCH resizes and repaints at once; Ctrl-Z (read as a key) and SIGTSTP leave
/// curses cleanly and stop the job; SIGCONT comes back at the current size with a full
/// repaint; SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the terminal, run `onExit` and exit
/// with 128 + the signal number. A hang-up, with SIGHUP or without (end of file, EIO or
/// POLLHUP on the terminal), writes nothing more to the terminal, runs `onExit` and exits:
/// 129 with the signal, 1 without.
///
/// The terminal's answers to queries (`InputEvent.reply`) never reach the delegate: the one to
/// the background query is awaited before the first frame (`start(inputFD:backgroundQuery:)`),
/// and any later one is swallowed.
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
    private var decoder: InputDecoder
    private var escapeTimer: DispatchSourceTimer?
    /// The background colour the terminal gave in answer to the query at start, kept for the
    /// session (it is asked once); nil when it was not asked or did not answer in time.
    public private(set) var background: TerminalColour?
    /// True once the terminal has hung up (then `onExit` runs with the terminal gone, and the
    /// process should be gone within a second).
    public private(set) var hungUp = false
    /// Called once when the session ends (quit, a signal that ends it, the terminal lost),
    /// after the terminal is restored and just before the process exits, with the exit
    /// status: the place to finish saving and to say on standard error what could not be.
    public var onExit: (@MainActor (Int32) -> Void)?

    /// Makes a session on a screen.
    /// - Parameters:
    ///   - screen: the set-up screen.
    ///   - delegate: who handles keys and paints frames.
    ///   - escapeDelay: how long an incomplete escape sequence waits (`EscapeTiming`).
    public init(screen: CursesScreen, delegate: TerminalSessionDelegate, escapeDelay: Duration = EscapeTiming.local) {
        self.screen = screen
        self.delegate = delegate
        self.decoder = InputDecoder(escapeDelay: escapeDelay)
        self.typedBeforeStartLeft = screen.typedBeforeStart
    }

    /// Bytes typed before the screen took the terminal that are still to be read: in them an
    /// LF is the Enter key's CR as the line discipline turned it (ICRNL), not a pasted break.
    private var typedBeforeStartLeft: Int

    /// Starts the sources and draws the first frame. Returns at once, or with a background
    /// query after at most `BackgroundQuery.timeout`; the caller then parks the main thread in
    /// `dispatchMain()`.
    /// - Parameters:
    ///   - inputFD: the descriptor keys are read from.
    ///   - backgroundQuery: when the theme follows the terminal's background (`--theme auto`
    ///     with no `COLORFGBG` to tell it), the query to write first: its answer, awaited
    ///     before the first frame, picks the theme (`Theme.automatic(background:)`).
    ///   - asksGraphics: whether to ask for the kitty graphics protocol (`KittyGraphics.query`,
    ///     after the background query and in the same wait); an `OK` turns it on
    ///     (`CursesScreen.useKittyGraphics()`).
    public func start(inputFD: Int32, backgroundQuery: BackgroundQuery? = nil, asksGraphics: Bool = false) {
        self.inputFD = inputFD
        let held = backgroundQuery != nil || asksGraphics ? askTerminal(backgroundQuery, graphics: asksGraphics) : []
        let input = DispatchSource.makeReadSource(fileDescriptor: inputFD, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputReady() }
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
        if !held.isEmpty || decoder.hasPendingBytes { handleDecodedEvents(held: held) }
    }

    /// Writes the background query, the graphics query or both, and reads the terminal until
    /// each is settled (the graphics query by its answer or by the DA1 answer after it, which
    /// settles a background query not yet answered too) or `BackgroundQuery.timeout`; then
    /// draws with the theme the answer calls for (dark without one) and kitty pictures on an
    /// `OK`. Keys that arrive meanwhile are decoded and returned, in order, for after the first
    /// frame; bytes after the answers stay in the decoder.
    private func askTerminal(_ query: BackgroundQuery?, graphics: Bool) -> [InputEvent] {
        let deadline = ContinuousClock.now + BackgroundQuery.timeout
        // Outside tmux the background query ends with DA1; the graphics query brings its own.
        if graphics {
            screen.writeQuery((query != nil ? BackgroundQuery.osc11 : []) + KittyGraphics.query)
        } else if let query {
            screen.ask(query)
        }
        var held: [InputEvent] = []
        var outcome: BackgroundQuery.Outcome? = query == nil ? .unanswered : nil
        var graphicsOK: Bool? = graphics ? nil : false
        while outcome == nil || graphicsOK == nil, let delegate {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            let (seconds, attoseconds) = left.components
            var pfd = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(seconds) * 1000 + Int32(attoseconds / 1_000_000_000_000_000) + 1)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            if readWaitingBytes() == .hungUp { hangUp(status: 1) }
            while outcome == nil || graphicsOK == nil,
                let event = decoder.next(bindsAlt: { delegate.session(self, bindsAlt: $0) }, takesText: delegate.takesText)
            {
                switch event {
                case .reply(.graphics(let ok)) where graphicsOK == nil:
                    graphicsOK = ok
                case .reply(.deviceAttributes) where graphicsOK == nil:
                    graphicsOK = false
                    if outcome == nil { outcome = .unanswered }
                case .reply(let reply):
                    if outcome == nil, let query { outcome = query.outcome(of: reply) }
                default:
                    held.append(event)
                }
            }
        }
        if query != nil {
            if case .answered(let colour) = outcome { background = colour }
            screen.apply(theme: Theme.automatic(background: background))
        }
        if graphicsOK == true { screen.useKittyGraphics() }
        return held
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
        escapeTimer?.cancel()
        screen.end()
        onExit?(status)
        ProcessExit.now(status)
    }

    private func renderNow() {
        renderScheduled = false
        guard !suspended, let delegate else { return }
        screen.present { delegate.render(on: $0) }
    }

    /// Reads what the terminal has sent, without blocking, and handles the events.
    private func inputReady() {
        if readWaitingBytes() == .hungUp {
            hangUp(status: 1)
        }
        handleDecodedEvents()
    }

    private enum ReadOutcome { case read, hungUp }

    /// Reads every byte waiting (poll with no wait, then read), so the decoder sees a split
    /// sequence's rest before it decides. End of file, EIO, or POLLHUP with nothing left to
    /// read, is a hang-up. The descriptor stays blocking: its flags are shared with the shell.
    private func readWaitingBytes() -> ReadOutcome {
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<256 {
            var pfd = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 0)
            if ready < 0 {
                if errno == EINTR { continue }
                return .hungUp
            }
            if ready == 0 { return .read }
            if pfd.revents & Int16(POLLNVAL) != 0 { return .hungUp }
            guard pfd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return .read }
            let n = chunk.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
            if n > 0 {
                if typedBeforeStartLeft > 0 {
                    let cooked = min(n, typedBeforeStartLeft)
                    for i in 0..<cooked where chunk[i] == 0x0A { chunk[i] = 0x0D }
                    typedBeforeStartLeft -= cooked
                }
                decoder.feed(chunk[0..<n])
                continue
            }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            // 0 (end of file) or an error such as EIO: the terminal is gone.
            return .hungUp
        }
        return .read
    }

    /// Hands every complete event to the delegate, one at a time (each may change what the
    /// next means), then draws a frame; while bytes wait for their rest, a timer looks again
    /// at the decoder's deadline.
    /// - Parameter held: events decoded earlier (while the background query was awaited), handled
    ///   first.
    private func handleDecodedEvents(held: [InputEvent] = []) {
        escapeTimer?.cancel()
        escapeTimer = nil
        var handled = false
        for event in held {
            guard let delegate else { break }
            handled = true
            handle(event, delegate: delegate)
        }
        while let delegate {
            let event = decoder.next(bindsAlt: { delegate.session(self, bindsAlt: $0) }, takesText: delegate.takesText)
            guard let event else { break }
            handled = true
            handle(event, delegate: delegate)
        }
        if let deadline = decoder.deadline {
            scheduleDecision(at: deadline)
        }
        if handled { renderNow() }
    }

    private func handle(_ event: InputEvent, delegate: TerminalSessionDelegate) {
        switch event {
        case .key(.control("z")):
            // The suspend character, read as a byte (`CursesScreen` turns VSUSP off):
            // the terminal is restored before anything in the job stops.
            suspend()
        case .key(let key):
            delegate.session(self, didReceive: key)
        case .paste(let text):
            delegate.session(self, didReceivePaste: text)
        case .mouse(let mouse):
            delegate.session(self, didReceive: mouse)
        case .focus, .reply:
            // A late answer (after the wait at start, or a second one) is swallowed here.
            break
        case .resize:
            if screen.updateSize() { screen.invalidate() }
        }
    }

    /// A one-shot timer at the decoder's deadline: the bytes that came meanwhile are read
    /// first, then a lone Esc becomes Escape.
    private func scheduleDecision(at deadline: Duration) {
        let wait = max(.zero, deadline - InputDecoder.systemClock())
        let (seconds, attoseconds) = wait.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000) + 1_000_000
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputReady() }
        }
        timer.resume()
        escapeTimer = timer
    }

    /// The terminal is gone: nothing more is written to it; `onExit` saves what is pending.
    private func hangUp(status: Int32) -> Never {
        for source in sources { source.cancel() }
        escapeTimer?.cancel()
        hungUp = true
        screen.abandon()
        onExit?(status)
        ProcessExit.now(status)
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
        case SIGHUP where terminalIsGone:
            hangUp(status: 128 + SIGHUP)
        case SIGCONT where terminalIsGone:
            // Continued because the terminal hung up while stopped: nothing to come back to.
            hangUp(status: 1)
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

    /// Ctrl-Z, or a SIGTSTP from elsewhere: the terminal is restored and drained first, then
    /// the whole job stops (`dc_stop_job`: a wrapping `sh -c` in the process group too, so its
    /// shell prints the job line only once the terminal is the shell's again).
    private func suspend() {
        suspended = true
        screen.suspend()
        // The session comes back only when SIGCONT arrives through the signal pipe (after
        // `fg`, or a `kill -CONT` that finds it in the background), not when this returns.
        dc_stop_job()
    }

    /// True when the terminal hung up (POLLHUP or an error on it), so nothing may be written.
    private var terminalIsGone: Bool {
        var pfd = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 0) >= 0 else { return true }
        return pfd.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
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
