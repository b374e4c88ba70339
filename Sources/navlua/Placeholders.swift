import NavLuaBridge

// Commands that later issues fill in.
enum TestCommand {
    static func main(_ args: [String]) -> Int32 {
        writeError("navlua: test is not built yet\n")
        return 2
    }
}
