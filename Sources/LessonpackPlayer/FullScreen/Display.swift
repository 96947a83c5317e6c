/// Where the full-screen player draws and reads keys: curses in a terminal, a recording in tests.
package protocol Display: AnyObject {
    /// Rows and columns available now.
    var size: (rows: Int, columns: Int) { get }
    /// Replaces the screen with `frame`.
    func show(_ frame: Frame)
    /// The next key pressed within `timeout` seconds, or nil when none was.
    func nextKey(timeout: Double) -> Key?
}
