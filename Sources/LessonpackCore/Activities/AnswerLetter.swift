/// "A", "B", "C", … for answer positions; past Z, the position's number, so a 27th choice can still be named.
package func letter(_ index: Int) -> String {
    (0..<26).contains(index) ? String(UnicodeScalar(UInt8(65 + index))) : position(index)
}

/// The position, counting from 1, that a learner reads for `index`, whatever number a front end sent.
package func position(_ index: Int) -> String {
    index == Int.max ? String(index) : String(index + 1)
}

/// The position a learner's "b", "B" or "2" (counting from 1, as past Z letters do) names among `count` answers,
/// or nil.
package func answerIndex(_ text: String, count: Int) -> Int? {
    if let number = Int(text) { return (1...max(1, count)).contains(number) ? number - 1 : nil }
    guard text.count == 1, let scalar = text.uppercased().unicodeScalars.first, (65...90).contains(scalar.value) else { return nil }
    let index = Int(scalar.value) - 65
    return index < count ? index : nil
}
