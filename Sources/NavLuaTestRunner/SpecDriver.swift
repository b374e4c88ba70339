import NavLuaBridge

/// The Lua side of a `navlua test` worker: runs one spec file with
/// busted's core (Debian's lua-busted) in the worker's Lua state and writes
/// what happened to `results_path`, one record per line, flushed as it goes
/// so that a worker killed on a timeout still leaves its finished tests.
///
/// It uses busted's pieces rather than `busted.runner`: the runner parses
/// busted's own command line, chooses an output handler by name and calls
/// `os.exit`; navlua needs its options, its output and its exit codes.
/// Busted's core, `busted.init` (describe/it/pending/hooks, luassert, spies),
/// its filter loader and its executor are used as they are.
///
/// Arguments (all strings): spec file, results path, filter pattern (""
/// for none), "1" to update snapshots, the --timeout and --memory-limit
/// figures for messages, and the source of `SnapshotStore`. Called
/// without arguments it returns its pure helpers (records, limit messages,
/// tracebacks) and runs nothing, for its specs in scripts/lua_spec.
///
/// Records, fields separated by tabs, each escaped (`\\ \t \n \r`):
///
///     test     STATUS NAME WHERE MESSAGE TRACEBACK   STATUS: pass fail error skip
///     error    NAME WHERE MESSAGE TRACEBACK          outside a test: load, setup, hooks
///     snapshot ACTION PATH                           ACTION: written updated
///     done                                           the file ran to its end
enum SpecDriver {
    static var source: String { EmbeddedLua.specDriver }
}
