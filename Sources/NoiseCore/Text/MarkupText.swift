/// Text put into HTML or SVG (the life poster, noiseweb's own small pages): every character that could start or end
/// markup or an attribute is escaped, so words a person wrote, or a request's own headers quoted back, are only words.
public enum MarkupText {
    public static func escaped(_ words: String) -> String {
        var result = ""
        result.reserveCapacity(words.utf8.count)
        for character in words {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
