// swift-tools-version: 6.0
// Benchmarks for CombineProbe. A separate package, so that users of the
// library never resolve or build it, nor the peers it is measured against:
// combine-schedulers' TestScheduler and swift-clocks' TestClock are
// dependencies of this package only.
import PackageDescription

let package = Package(
    name: "CombineProbeBenchmarks",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "CombineProbe", path: ".."),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "CombineProbeBenchmarks",
            dependencies: [
                .product(name: "CombineProbe", package: "CombineProbe"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
