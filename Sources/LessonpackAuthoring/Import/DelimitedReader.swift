/// Comma- or tab-separated rows, as spreadsheets save them: RFC 4180 quoting (a field in double quotes may hold
/// the separator, line breaks and "" for a quote), any line ending, and a byte order mark. Each row keeps the line
/// it starts on.
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

    static func rows(_ text: String, separator: Character) -> Result<[Row], Problem> {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var (line, column) = (1, 0)
        var rowLine = 1
        var quoted = false
        var quoteStart = (line: 1, column: 1)
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
        while let character = pending {
            pending = characters.next()
            column += 1
            if quoted {
                if character == "\"" {
                    if pending == "\"" { field.append("\""); pending = characters.next(); column += 1 } else { quoted = false; afterQuote = true }
                } else {
                    field.append(character)
                    if character.isNewline { (line, column) = (line + 1, 0) }
                }
                continue
            }
            if character == "\"" && field.isEmpty && !afterQuote {
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
                return .failure(Problem(line: line, column: column, message: "text after a closing quote: a quote " +
                                        "inside a quoted field is written twice (\"\")"))
            } else {
                field.append(character)
            }
        }
        if quoted {
            return .failure(Problem(line: quoteStart.line, column: quoteStart.column, message: "this quote is never closed"))
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return .success(rows)
    }
}
