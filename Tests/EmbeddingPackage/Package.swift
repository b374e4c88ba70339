// swift-tools-version:6.0
import PackageDescription

// A package outside navlua that uses the engine only through navlua's
// products, as an app's test target would: scripts/test.sh builds and runs
// it (swift test --package-path Tests/EmbeddingPackage). The root package
// declares its targets by name, so SwiftPM does not take this folder for one
// of them.
let package = Package(
    name: "EmbeddingPackage",
    platforms: [.macOS(.v13)],
    // `name:` because a path dependency's identity is the name of the folder
    // it is checked out in (main, infra, navlua...), which differs from clone
    // to clone; products are looked up under this name instead.
    dependencies: [.package(name: "navlua", path: "../..")],
    targets: [
        .testTarget(
            name: "EmbeddingTests",
            dependencies: [
                .product(name: "NavLuaEngine", package: "navlua"),
                .product(name: "NavLuaTestSupport", package: "navlua"),
            ]
        ),
    ]
)
