// swift-tools-version: 6.0
// Benchmarks for CombineProbe. A separate package, so that users of the
// library never resolve or build it.
import PackageDescription

let package = Package(
    name: "CombineProbeBenchmarks",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "CombineProbe", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "CombineProbeBenchmarks",
            dependencies: [.product(name: "CombineProbe", package: "CombineProbe")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
