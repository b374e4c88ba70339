// swift-tools-version:6.0
import PackageDescription

// The layers, each a target, so that the compiler holds them:
//
//   NavLuaEngine        clock, animation, navigation, gestures, trace (no Lua)
//   NavLuaVisuals       trace files and pictures of an engine run (no Lua)
//   NavLuaSystem        C: clock, signals, watchdog, fork (no Lua)
//   NavLuaRuntime       C: the seam to Lua 5.4 (limits, hook, trampoline)
//   NavLuaBridge        the engine in a Lua 5.4 state
//   NavLuaTestRunner    `navlua test`: workers, busted's core, reports
//   navlua              the command line: parses, then calls in
//   NavLuaTestSupport   fixtures for driving the engine from XCTest
//   NavLuaModule        navlua.so: `require "navlua"` from any Lua 5.4
//
// The Lua that the bridge and the test runner run themselves lives in
// .lua files (each target's Lua/ folder), embedded at build time by the
// EmbedLua plugin.
let package = Package(
    name: "navlua",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "NavLuaEngine", targets: ["NavLuaEngine"]),
        .library(name: "NavLuaBridge", targets: ["NavLuaBridge"]),
        .library(name: "NavLuaTestSupport", targets: ["NavLuaTestSupport"]),
        .executable(name: "navlua", targets: ["navlua"]),
    ],
    targets: [
        // Lua 5.4 through pkg-config: Debian's liblua5.4-dev, Homebrew's lua.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // The operating system's part, with no Lua: the monotonic clock,
        // signal dispositions, the watchdog thread, fork.
        .target(name: "NavLuaSystem"),
        // The C seam between Swift and Lua: limits and the allocator, the
        // one debug hook, coroutine.resume/wrap, what stops a script, what
        // lua.c does to a state, the error trampoline. One copy per process.
        .target(name: "NavLuaRuntime", dependencies: ["CLua", "NavLuaSystem"]),
        // libedit: line editing and history for the REPL only (C, declared
        // in its header, defined in editline.c). It needs histedit.h
        // (Debian's libedit-dev; macOS's SDK) but links no libedit: the REPL
        // opens the library with dlopen when it starts, so no pkgConfig
        // (which would link -ledit into every start).
        .target(name: "CEditLine"),
        // Build-time only: writes a target's Lua/*.lua as Swift strings.
        .executableTarget(name: "EmbedLuaTool"),
        .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["EmbedLuaTool"]),
        .target(name: "NavLuaEngine"),
        .target(name: "NavLuaVisuals", dependencies: ["NavLuaEngine"], plugins: ["EmbedLua"]),
        .target(
            name: "NavLuaBridge",
            dependencies: ["NavLuaEngine", "NavLuaVisuals", "NavLuaRuntime"],
            plugins: ["EmbedLua"]
        ),
        .target(
            name: "NavLuaTestRunner",
            dependencies: ["NavLuaEngine", "NavLuaBridge", "NavLuaVisuals", "NavLuaRuntime"],
            plugins: ["EmbedLua"]
        ),
        .target(
            name: "NavLuaTestSupport",
            dependencies: ["NavLuaEngine"]
        ),
        .executableTarget(
            name: "navlua",
            dependencies: ["NavLuaEngine", "NavLuaBridge", "NavLuaVisuals", "NavLuaTestRunner", "NavLuaSystem", "CEditLine"],
            exclude: ["Linker"],
            // Start-up, Linux only: a position-dependent executable has no
            // relative relocations for the loader to apply (about 0.15 ms);
            // Linker/libstdc++.so links libstdc++ statically (about 0.35 ms;
            // see the file); and no symbol of the executable goes into its
            // dynamic table (SwiftPM exports them all, 2,100 symbols that the
            // loader and the Swift runtime's dladdr search at every start:
            // 5% of its instructions; nothing loads into navlua needs them,
            // navlua.so takes Lua's symbols from liblua). Release only: a
            // debug build links the Swift runtime dynamically, and a non-PIE
            // executable against it makes the loader warn about protected
            // symbols.
            linkerSettings: [.unsafeFlags([
                "-Xlinker", "-no-pie", "-Xlinker", "--no-export-dynamic",
                "-L", Context.packageDirectory + "/Sources/navlua/Linker",
            ], .when(platforms: [.linux], configuration: .release))]
        ),
        // luaopen_navlua, for `require "navlua"` from lua5.4 and other hosts.
        // Not a SwiftPM product: a product's link would add pkg-config's
        // -L/usr/lib/... -llua5.4 ahead of any flag given here, and Lua must
        // come from the host process, never a second copy. scripts/setup.sh
        // links these objects into .build/release/lua/navlua.so itself (see
        // scripts/build_module.sh and Sources/NavLuaModule/Linker).
        // C, so that the error of the Swift that opens the module is raised
        // after that Swift has returned (the trampoline's rule).
        .target(
            name: "NavLuaModule",
            dependencies: ["NavLuaBridge", "NavLuaRuntime"],
            exclude: ["Linker"]
        ),
        // Tests per layer. The engine's and the pictures' import no Lua.
        .testTarget(
            name: "NavLuaEngineTests",
            dependencies: ["NavLuaEngine", "NavLuaVisuals", "NavLuaTestSupport"]
        ),
        // The runner's own parts (records, options, how a child ended).
        .testTarget(
            name: "NavLuaTestRunnerTests",
            dependencies: ["NavLuaBridge", "NavLuaTestRunner"]
        ),
        .testTarget(
            name: "NavLuaBridgeTests",
            dependencies: ["NavLuaEngine", "NavLuaVisuals", "NavLuaBridge", "NavLuaTestSupport", "NavLuaRuntime"]
        ),
    ]
)
