// swift-tools-version: 6.0
// CombineProbe's examples: a small app core written the way production Combine
// code is written (dependencies and schedulers injected), and its whole test
// suite. A separate package, so that users of the library never resolve it.
//
//     swift test --package-path Examples
import PackageDescription

/// The app core imports Combine on Apple platforms, OpenCombine elsewhere:
/// one list links OpenCombine and defines `COMBINEPROBE_OPENCOMBINE`, the
/// switch that Sources/AppCore/CombineImport.swift tests.
let openCombinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "CombineProbeExamples",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "CombineProbe", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        // Dev-only, like this package: the app core and its tests use its
        // operators, to show which of them step deterministically in the
        // virtual world.
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.1.4"),
    ],
    targets: [
        .target(
            name: "AppCore",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: [.define("COMBINEPROBE_OPENCOMBINE", .when(platforms: openCombinePlatforms))]
        ),
        .testTarget(
            name: "AppCoreTests",
            dependencies: [
                "AppCore",
                .product(name: "CombineProbe", package: "CombineProbe"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
