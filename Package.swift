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
        .target(
            name: "NavLuaBridge",
            dependencies: ["CLua"]
        ),
        .executableTarget(
            name: "navlua",
            dependencies: ["NavLuaBridge", "CLua"]
        ),
        .testTarget(
            name: "NavLuaBridgeTests",
            dependencies: ["NavLuaBridge", "CLua"]
        ),
    ]
)
