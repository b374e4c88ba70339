import NavLuaBridge

/// Golden snapshots for `navlua test`: the Lua module behind
/// `navlua.snapshot(name, value)`, which the spec driver installs.
///
/// A snapshot is a text file beside the spec:
/// `<spec dir>/__snapshots__/<spec file name without .lua>/<name>.txt`.
/// A string value is stored as it is (for `navlua.trace_text()`); any other
/// value (nil, boolean, number, or a table of those, nested) is stored as
/// Lua-like text with keys sorted, so the same value always gives the same
/// bytes. The first run writes the file; later runs compare against it and
/// fail with a line diff; `--update-snapshots` rewrites files that differ.
///
/// ```lua
/// it("pops on a fast swipe", function()
///   local nav = navlua.navigation{root = navlua.screen{title = "A"}}
///   nav:push(navlua.screen{title = "B"}); navlua.settle()
///   navlua.drag{from = {5, 400}, by = {120, 0}, duration = 0.1}; navlua.settle()
///   navlua.snapshot("fast_swipe", navlua.trace_text())
/// end)
/// ```
enum SnapshotStore {
    /// Returns a module table with `new(spec_file, update)`, whose objects
    /// have `check(name, value, test, nargs)` -> `action, detail`:
    /// "same"; "written"/"updated" and the path; "mismatch" and a message
    /// with a diff; "misuse" and a message.
    static var source: String { EmbeddedLua.snapshotStore }
}
