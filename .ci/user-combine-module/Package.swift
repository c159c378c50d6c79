// swift-tools-version: 6.0
// A user's package with its own module named `Combine`, as projects ported to
// Linux often have: it re-exports OpenCombine only. CombineProbe must build
// against it and work, even when that module is compiled before CombineProbe
// and before OpenCombineDispatch and OpenCombineFoundation, which then drop
// the `Scheduler` conformances of DispatchQueue, RunLoop and OperationQueue.
// run.sh forces that order.
import PackageDescription

let package = Package(
    name: "UserCombineModule",
    dependencies: [
        .package(name: "CombineProbe", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        .target(name: "Combine", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]),
        .testTarget(
            name: "UserCombineModuleTests",
            dependencies: ["Combine", .product(name: "CombineProbe", package: "CombineProbe")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
