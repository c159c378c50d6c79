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
// COMBINEPROBE_FORCE_FALLBACKS (library and tests) compiles and runs the
// paths written for Swift 6.0.0 and 6.0.1 — `#if !compiler(>=6.0.2) ||
// COMBINEPROBE_FORCE_FALLBACKS` and `#if compiler(>=6.0.2) &&
// !COMBINEPROBE_FORCE_FALLBACKS … #else` — with this compiler, which has the
// API they stand in for: no 6.0.0 compiler is at hand.
//
// Two stand-in modules make more of the Apple-only code compile (and run)
// here: a module named os (os/, a C target) and, in the library's own
// module, XCTest's XCTIssue API (Sources/AppleStandIns).
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
        // A module named os: os_unfair_lock, os_unfair_lock_lock and
        // os_unfair_lock_unlock with Apple's signatures, on a futex, so that
        // the `#if canImport(os)` branch of Support/Lock.swift compiles and
        // runs here.
        .target(name: "os", path: "os"),
        // The library's sources (Sources/CombineProbe, a symbolic link) and
        // the stand-ins of Sources/AppleStandIns (XCTIssue and
        // XCTestCase.record(_:), for the
        // `#if canImport(ObjectiveC) || COMBINEPROBE_XCTEST_STAND_INS` branch of
        // Reporting/FailureReporter.swift).
        .target(
            name: "CombineProbe",
            dependencies: ["Combine", "os", "CombineProbeShards"],
            path: "Sources",
            swiftSettings: [
                .define("COMBINEPROBE_XCTEST_STAND_INS"),
                .define("COMBINEPROBE_FORCE_FALLBACKS"),
            ]
        ),
        // The shard-merging library (Sources/CombineProbeShards, a symbolic
        // link): Foundation only, the same on every platform.
        .target(name: "CombineProbeShards", path: "Shards"),
        .testTarget(
            name: "CombineProbeTests",
            dependencies: ["CombineProbe", "CombineProbeShards"],
            path: "Tests/CombineProbeTests",
            resources: [.copy("Fixtures")],
            swiftSettings: [
                .define("COMBINEPROBE_COMBINE_SHIM"),
                .define("COMBINEPROBE_FORCE_FALLBACKS"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
