/// Rows of fields split by one separator — a comma, semicolon, tab or whatever the file uses — as spreadsheets
/// save them: RFC 4180 quoting (a field in double quotes may hold the separator, line breaks and "" for a quote),
/// any line ending, and a byte order mark. Each row keeps the line it starts on.
enum DelimitedReader {
    struct Row {
        var line: Int
        var fields: [String]
    }

    struct Problem: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The rows of `text`, whose first line is line `firstLine` of its file. A row that starts with `comment`
    /// (outside quotes) is skipped to the end of its line, as Anki reads `#` (its csv reader's `comment`).
    static func rows(_ text: String, separator: Character, firstLine: Int = 1,
                     comment: Character? = nil) -> Result<[Row], Problem> {
        let scanned = scan(text, separator: separator, firstLine: firstLine, comment: comment)
        if let problem = scanned.problem { return .failure(problem) }
        return .success(scanned.rows)
    }

    /// Reads rows until the end, the first problem, or `limit` rows. The rows before a problem are kept: the
    /// separator detection judges a separator by them.
    static func scan(_ text: String, separator: Character, firstLine: Int = 1, comment: Character? = nil,
                     limit: Int = .max) -> (rows: [Row], problem: Problem?) {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var (line, column) = (firstLine, 0)
        var rowLine = firstLine
        var quoted = false
        var inComment = false
        var quoteStart = (line: firstLine, column: 1)
        var afterQuote = false
        var characters = text.makeIterator()
        var pending: Character? = characters.next()
        func endRow() {
            fields.append(field)
            // Spreadsheets end their exports with rows of nothing but separators: those are not rows.
            if !fields.allSatisfy(\.isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
            field = ""
        }
        while let character = pending, rows.count < limit {
            pending = characters.next()
            column += 1
            if inComment {
                if character.isNewline { (line, column, rowLine, inComment) = (line + 1, 0, line + 1, false) }
                continue
            }
            if quoted {
                if character == "\"" {
                    if pending == "\"" { field.append("\""); pending = characters.next(); column += 1 } else { quoted = false; afterQuote = true }
                } else {
                    field.append(character)
                    if character.isNewline { (line, column) = (line + 1, 0) }
                }
                continue
            }
            if character == comment && fields.isEmpty && field.isEmpty && !afterQuote {
                inComment = true
            } else if character == "\"" && field.isEmpty && !afterQuote {
                quoted = true
                quoteStart = (line, column)
            } else if character == separator {
                fields.append(field)
                field = ""
                afterQuote = false
            } else if character.isNewline {
                endRow()
                (line, column) = (line + 1, 0)
                rowLine = line
                afterQuote = false
            } else if afterQuote {
                return (rows, Problem(line: line, column: column, message: "text after a closing quote: a quote " +
                                      "inside a quoted field is written twice (\"\")"))
            } else {
                field.append(character)
            }
        }
        if rows.count >= limit { return (rows, nil) }
        if quoted {
            return (rows, Problem(line: quoteStart.line, column: quoteStart.column,
                                  message: "this quote is never closed"))
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return (rows, nil)
    }
}
