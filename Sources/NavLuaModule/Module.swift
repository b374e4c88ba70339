import NavLuaBridge

/// The entry point `require "navlua"` looks up in navlua.so (built by
/// scripts/setup.sh as .build/release/lua/navlua.so; `navlua --cpath`
/// prints the LUA_CPATH entry). Lua's own symbols come from the host
/// process: this library does not link liblua (see Package.swift).
@_cdecl("luaopen_navlua")
public func luaopen_navlua(_ L: OpaquePointer?) -> Int32 {
    LoadableModule.open(L!)
}
