/// Lua patterns given to `navlua test` (--filter, --pattern, ...), checked
/// before anything runs.
enum LuaPattern {
    /// Why `pattern` is not a valid Lua pattern, or nil when it is. Lua
    /// finds a malformed pattern only when matching reaches the bad part,
    /// so this checks the grammar of lstrlib.c up front.
    static func problem(_ pattern: String) -> String? {
        let p = Array(pattern.utf8)
        var i = 0
        var open: [Bool] = []   // captures so far: closed?
        func escapedClassEnd() -> String? {
            i += 1
            return i < p.count ? nil : "malformed pattern (ends with '%')"
        }
        while i < p.count {
            switch p[i] {
            case UInt8(ascii: "%"):
                if let e = escapedClassEnd() { return e }
                switch p[i] {
                case UInt8(ascii: "b"):
                    if i + 2 >= p.count { return "missing arguments to '%b'" }
                    i += 2
                case UInt8(ascii: "f"):
                    if i + 1 >= p.count || p[i + 1] != UInt8(ascii: "[") { return "missing '[' after '%f' in pattern" }
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let n = Int(p[i] - UInt8(ascii: "0"))
                    if n == 0 || n > open.count || !open[n - 1] { return "invalid capture index %\(n)" }
                default: break
                }
                i += 1
            case UInt8(ascii: "["):
                i += 1
                if i < p.count && p[i] == UInt8(ascii: "^") { i += 1 }
                var first = true
                while true {
                    if i >= p.count { return "malformed pattern (missing ']')" }
                    let c = p[i]
                    if c == UInt8(ascii: "]") && !first { break }
                    if c == UInt8(ascii: "%") {
                        if let e = escapedClassEnd() { return e }
                    }
                    first = false
                    i += 1
                }
                i += 1
            case UInt8(ascii: "("):
                open.append(false)
                i += 1
            case UInt8(ascii: ")"):
                guard let k = open.lastIndex(of: false) else { return "invalid pattern capture" }
                open[k] = true
                i += 1
            default:
                i += 1
            }
        }
        return open.contains(false) ? "unfinished capture" : nil
    }
}
