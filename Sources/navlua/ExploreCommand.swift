import NavLuaBridge

/// `navlua explore FILE [--runs N] [--seed N] [--steps N] [--html OUT] [--shard K/N]`
/// (manual §13.5): the options and the search are the bridge's
/// (Lua/explore.lua); this only hands them over and reports an error.
enum ExploreCommand {
    static func main(_ argv: [[UInt8]]) -> Int32 {
        let host = NavLuaHost()
        let arguments = argv.dropFirst(2).map { String(decoding: $0, as: UTF8.self) }
        let (status, error) = host.explore(arguments: arguments)
        if let error { writeError(bytes: Array("navlua: \(error)\n".utf8)) }
        return status
    }
}
