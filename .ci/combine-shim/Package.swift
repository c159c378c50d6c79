// swift-tools-version: 6.0
// The Combine-shim lane of .ci/run: CombineProbe and its tests, built against
// a local module named `Combine` that re-exports OpenCombine, so that the
// Apple branches compile and run on Linux. The sources are the package's own,
// through symbolic links: nothing is copied.
//
// The switch is explicit: the root Package.swift defines
// COMBINEPROBE_OPENCOMBINE on Linux, and this package never does, so every
// `#if COMBINEPROBE_OPENCOMBINE … #else` takes its Apple branch here. The
// tests also get COMBINEPROBE_COMBINE_SHIM: those whose behaviour differs only
// because OpenCombine is not Apple's Combine are compiled out with
// `#if !COMBINEPROBE_OPENCOMBINE && !COMBINEPROBE_COMBINE_SHIM`; each says why.
//
// The module named Combine depends on OpenCombineDispatch and
// OpenCombineFoundation, so they compile before it and keep their Scheduler
// conformances, which the Apple branches use (DispatchQueue is a Scheduler).
import PackageDescription

let package = Package(
    name: "CombineShimLane",
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "Combine",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ],
            path: "Combine"
        ),
        .target(name: "CombineProbe", dependencies: ["Combine"], path: "Sources/CombineProbe"),
        .testTarget(
            name: "CombineProbeTests",
            dependencies: ["CombineProbe"],
            path: "Tests/CombineProbeTests",
            resources: [.copy("Fixtures")],
            swiftSettings: [.define("COMBINEPROBE_COMBINE_SHIM")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
