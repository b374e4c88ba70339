import NavLuaRuntime
import NavLuaEngine

/// Where a navigation call was made: its name and the Lua code that called
/// it, described only when the engine asks (the call had to wait).
final class LuaCallSite: CallSite {
    private var L: OpaquePointer?
    private var name: StaticString = ""

    func at(_ L: OpaquePointer, _ name: StaticString) -> LuaCallSite {
        self.L = L
        self.name = name
        return self
    }

    func describe() -> String {
        let name = "\(self.name)"
        guard let L = L, let position = Lua(L).callerPosition() else { return name }
        return "\(name) at \(position)"
    }
}
