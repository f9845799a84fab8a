/// Text from outside (file names, paths) made safe for a line on a terminal: a name with a newline
/// cannot forge a second message, one with escape sequences cannot paint the terminal (§7).
public enum MessageText {
    /// `name` in double quotes, with quotes, backslashes and control characters escaped
    /// (`"a\\nb"`, `"\\u{1b}[31m"`).
    public static func quoted(_ name: String) -> String {
        "\"" + escaped(name, escapingQuotes: true) + "\""
    }

    /// `line` with its control characters escaped, so it stays one line that prints as written.
    public static func singleLine(_ line: String) -> String {
        escaped(line, escapingQuotes: false)
    }

    private static func escaped(_ text: String, escapingQuotes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where escapingQuotes: out += "\\\""
            case "\\" where escapingQuotes: out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
