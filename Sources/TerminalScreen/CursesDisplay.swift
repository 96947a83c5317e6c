internal import CNcurses
import Foundation
import LessonpackPlayer
import TerminalText

/// The terminal, through ncurses: UTF-8 and wide characters, colours mapped to what the terminal has (or none,
/// with bold and underline standing in), resizing, and the terminal always put back as it was, whether the player
/// ends normally, by Ctrl-C, or by a signal.
package final class CursesDisplay: Display {
    private var palette = ColourPalette()
    private var started = false
    /// Draw in ASCII: the terminal is not set up for UTF-8.
    package let ascii: Bool

    package init(ascii: Bool = false) { self.ascii = ascii }

    /// Takes over the terminal. Call `stop()` when done (`run` does).
    package func start() {
        // A UTF-8 locale the system lacks (ja_JP.UTF-8 where only C.UTF-8 is installed) would leave the C locale,
        // in which ncurses draws every character past ASCII as bytes: C.UTF-8 draws them as the terminal expects.
        if setlocale(LC_ALL, "") == nil, !ascii { setlocale(LC_ALL, "C.UTF-8") }
        lp_set_escdelay(25)
        initscr()
        started = true
        raw()                   // Ctrl-C arrives as a key, so leaving is tidy
        noecho()
        keypad(lp_stdscr(), true)
        curs_set(0)
        if has_colors() {
            start_color()
            use_default_colors()
            palette = ColourPalette(colours: Int(lp_colors()))
        }
        SignalFlag.install()
    }

    /// Gives the terminal back: the cursor, echo, the normal screen.
    package func stop() {
        guard started else { return }
        started = false
        curs_set(1)
        endwin()
    }

    /// Runs `body` with the terminal taken over, restoring it however `body` ends.
    package static func run(ascii: Bool = false, _ body: (CursesDisplay) throws -> Void) rethrows {
        let display = CursesDisplay(ascii: ascii)
        display.start()
        defer { display.stop() }
        try body(display)
    }

    package var size: (rows: Int, columns: Int) { (Int(lp_lines()), Int(lp_columns())) }

    package func show(_ frame: Frame) {
        let (rows, columns) = size
        erase()
        for (row, line) in frame.lines.prefix(rows).enumerated() {
            move(Int32(row), 0)
            var used = 0
            for run in line.runs where used < columns {
                let text = TextLayout.fit(ascii ? AsciiFallback.text(run.text) : run.text,
                                          width: columns - used - (row == rows - 1 ? 1 : 0))
                attrset(Int32(bitPattern: palette.attributes(for: run.style)))
                addstr(text)
                used += DisplayWidth.of(text)
            }
        }
        attrset(Int32(bitPattern: lp_attr_normal()))
        refresh()
    }

    package func nextKey(timeout: Double) -> Key? {
        if SignalFlag.isSet { return .interrupt }
        wtimeout(lp_stdscr(), Int32(timeout * 1000))
        var character: wint_t = 0
        let status = wget_wch(lp_stdscr(), &character)
        if SignalFlag.isSet { return .interrupt }
        if status == ERR { return nil }
        if status == lp_key_code_yes() { return Self.functionKey(Int32(character)) }
        return Self.key(for: UInt32(character))
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_BTAB: .backTab
        case KEY_RESIZE: .resize
        default: nil
        }
    }

    static func key(for value: UInt32) -> Key? {
        switch value {
        case 3: .interrupt
        case 9: .tab
        case 10, 13: .enter
        case 27: .escape
        case 32: .space
        case 8, 127: .backspace
        case let control where control < 32: nil
        default: UnicodeScalar(value).map { .character(Character($0)) }
        }
    }
}

/// Set by SIGTERM, SIGHUP or SIGINT; the key loop sees it and leaves tidily. A signal handler may only touch an
/// atomic flag, hence the global.
enum SignalFlag {
    nonisolated(unsafe) static var raised: sig_atomic_t = 0

    static var isSet: Bool { raised != 0 }

    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGTERM, SIGHUP, SIGINT] {
            signal(signalNumber) { _ in SignalFlag.raised = 1 }
            sigaddset(&signals, signalNumber)
        }
        // A player started by a program that blocks signals (a test runner's thread, some launchers) inherits
        // the mask; unblocked, a closed terminal still ends it instead of leaving it running unseen.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
