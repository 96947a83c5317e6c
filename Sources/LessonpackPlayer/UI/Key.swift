/// A key press, as screens see it, whatever terminal it came from.
package enum Key: Sendable, Hashable {
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, space, tab, backTab, backspace, escape
    case character(Character)
    /// The terminal changed size: lay out again.
    case resize
    /// Ctrl-C or a termination signal: leave now, tidily.
    case interrupt
}
