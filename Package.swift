// swift-tools-version: 6.0
import PackageDescription

/// Platforms without Apple's Combine framework get OpenCombine instead.
/// On Apple platforms the conditions below link nothing but Combine.
///
/// The same list defines `COMBINEPROBE_OPENCOMBINE`, the one switch the
/// sources test (Sources/CombineProbe/Support/CombineImport.swift): the
/// implementation is chosen by platform, never by `canImport(Combine)`, which
/// is also true on Linux when the user has a module of their own named Combine.
let openCombinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]
let combineSwitch: [SwiftSetting] = [.define("COMBINEPROBE_OPENCOMBINE", .when(platforms: openCombinePlatforms))]

let package = Package(
    name: "CombineProbe",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "CombineProbe", targets: ["CombineProbe"]),
        /// Merges the result files of an exploration sharded across machines
        /// (`swift run combineprobe-shards merge <dir> --junit <file>`).
        .executable(name: "combineprobe-shards", targets: ["combineprobe-shards"]),
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "CombineProbe",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine",
                         condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineDispatch", package: "OpenCombine",
                         condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineFoundation", package: "OpenCombine",
                         condition: .when(platforms: openCombinePlatforms)),
                "CombineProbeShards",
            ],
            swiftSettings: combineSwitch
        ),
        // The result files of sharded explorations and their merge: Foundation
        // only, so that the command links neither XCTest nor Testing.
        .target(name: "CombineProbeShards"),
        .executableTarget(name: "combineprobe-shards", dependencies: ["CombineProbeShards"]),
        .testTarget(
            name: "CombineProbeTests",
            dependencies: ["CombineProbe", "CombineProbeShards"],
            resources: [.copy("Fixtures")],
            swiftSettings: combineSwitch
        ),
    ],
    swiftLanguageModes: [.v6]
)
