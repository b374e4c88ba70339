// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "navlua",
    targets: [
        // Debian's liblua5.4-dev, found through pkg-config; the header adds the
        // wrappers Swift cannot import and the error trampoline.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // Debian's libedit-dev: line editing and history for the REPL only.
        // Its header only: the REPL opens libedit.so.2 with dlopen when it
        // starts, so no pkgConfig (which would link -ledit into every start).
        .systemLibrary(
            name: "CEditLine",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(
            name: "NavLuaBridge",
            dependencies: ["CLua"]
        ),
        .executableTarget(
            name: "navlua",
            dependencies: ["NavLuaBridge", "CLua", "CEditLine"],
            exclude: ["Linker"],
            // Start-up (issue 7): a position-dependent executable has no
            // relative relocations for the loader to apply (about 0.15 ms),
            // and Linker/libstdc++.so links libstdc++ statically (about
            // 0.35 ms; see the file). Release only: a debug build links the
            // Swift runtime dynamically, and a non-PIE executable against it
            // makes the loader warn about protected symbols.
            linkerSettings: [.unsafeFlags([
                "-Xlinker", "-no-pie",
                "-L", Context.packageDirectory + "/Sources/navlua/Linker",
            ], .when(configuration: .release))]
        ),
        .testTarget(
            name: "NavLuaBridgeTests",
            dependencies: ["NavLuaBridge", "CLua"]
        ),
    ]
)
