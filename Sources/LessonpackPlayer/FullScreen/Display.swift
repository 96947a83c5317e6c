/// Where the full-screen player draws and reads keys: curses in a terminal, a recording in tests.
package protocol Display: AnyObject {
    /// Rows and columns available now.
    var size: (rows: Int, columns: Int) { get }
    /// Replaces the screen with `frame`.
    func show(_ frame: Frame)
    /// The next key pressed within `timeout` seconds, or nil when none was.
    func nextKey(timeout: Double) -> Key?
    /// Whether the terminal shows ASCII only (it is not set up for UTF-8): the app lays text out as it will show.
    var ascii: Bool { get }
}

extension Display {
    package var ascii: Bool { false }
}
