import NavLuaBridge

/// The Lua side of `navlua test` (`Lua/spec_driver.lua` and its parts), a
/// session the Swift side drives by name through `LuaSession.call`:
///
///     parse(options source, args...)      the options (test_options.lua), as TestOptions reads them
///     prepare(snapshot source, coverage source, executable, args...)
///                                         busted loaded as its runner loads it, lpath, -e, recorders,
///                                         helper, filters: the template every child is forked from
///     discover(default root)              the spec files, one a line, in busted's order
///     plan(run, files...)                 that run's seed, then the files in its order
///     compile(files...)                   each file compiled in the template; the records of those
///                                         that do not load
///     groups(files...)                    sizes of the runs of files that share one Lua state
///     report(...)                         busted's output handlers (`BustedReporter`)
///     version()                           busted's version
///     attach(paths...)                    the slots' records files, opened in the template
///     settle()                            a full collection before the first fork
///     run(slot, seed, files...)           in a child: runs the files, writing records
///
/// It uses busted's pieces (core, filter loader, file loaders, executor,
/// helper loader) as they are, rather than `busted.runner`, which parses
/// busted's command line, prints through its output handler and calls
/// `os.exit`; navlua needs its options, its output and its exit codes.
///
/// A child's records (`ChildRecord` reads them, `spec_wire.lua` writes
/// them), one a line, fields separated by tabs, each escaped (`RecordLine`):
///
///     load     K OFFSET                           the K-th file of the job is being loaded
///     file     K OFFSET                           the K-th file starts; what follows is about it
///     test     STATUS NAME WHERE MESSAGE TRACEBACK   STATUS: pass fail error skip
///     error    NAME WHERE MESSAGE TRACEBACK       outside a test: load, setup, hooks
///     snapshot ACTION PATH                        ACTION: written updated
///     replay   PATH PROBLEM                       --html: the replay of the test just reported
///                                                 (PROBLEM: why it was not written, or "")
///     seed     BLOCK SEED                         a block ("" the file) ran its tests shuffled
///     event    OFFSET TEXT                        an event for busted's output handlers (Lua text)
///     coverage PATH LINE=HITS,...                 with --coverage, per file under test
///     done     OFFSET                             the job ran to its end
///
/// OFFSET is how far the child's output (stdout and stderr) had got, so
/// that the parent can give each file its own output and place it between
/// the events; "" when the parent does not need it.
enum SpecDriver {
    static var source: String { EmbeddedLua.specDriver }

    /// The driver's parts, by the names spec_driver.lua loads them by.
    static var parts: [(name: String, source: String)] {
        [("spec_wire", EmbeddedLua.specWire), ("spec_messages", EmbeddedLua.specMessages),
         ("spec_bootstrap", EmbeddedLua.specBootstrap), ("spec_plan", EmbeddedLua.specPlan),
         ("spec_run", EmbeddedLua.specRun)]
    }

    /// 2 -> "2", 0.5 -> "0.5".
    static func figure(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
