// swift-tools-version: 6.0
// CI only (.github/workflows/ci.yml, job "deployment-targets"): the library
// and its test sources compiled at the deployment targets that the root
// Package.swift declares, with xcodebuild, for generic macOS, iOS, tvOS,
// watchOS and visionOS destinations. Nothing runs.
//
// Why a package of its own: SwiftPM raises a test target's deployment target
// to XCTest's minimum, and SwiftPM 6.4 (Xcode 27) raises every target to at
// least macOS 12 / iOS 15 / tvOS 15 / watchOS 9 and test targets to macOS 14,
// so no build of the root package compiles the tests (nor, under Xcode 27,
// the library) at macOS 10.15 / iOS 13 / tvOS 13 / watchOS 6. Here the test
// sources are a plain library target, which SwiftPM 6.0 to 6.3 leave at the
// declared deployment targets, so that an API newer than them without
// `@available` / `#available` is a compile error, as it would be in an app.
//
// The sources are the package's own, through symbolic links, as in
// .ci/combine-shim: nothing is copied. Apple platforms only: Combine is
// Apple's, so OpenCombine is not a dependency.
//
// Build (from this directory; the one library product gives the scheme its
// name, and the scheme builds CombineProbe first):
//   xcodebuild build -scheme CombineProbeTests -destination 'generic/platform=iOS' \
//       ENABLE_TESTING_SEARCH_PATHS=YES ENABLE_TESTABILITY=YES CODE_SIGNING_ALLOWED=NO
// (visionOS is `generic/platform=xrOS`).
import PackageDescription

let package = Package(
    name: "DeploymentTargets",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "CombineProbeTests", targets: ["CombineProbeTests"]),
    ],
    targets: [
        .target(name: "CombineProbe", path: "Sources/CombineProbe"),
        // The test target's sources and fixtures, as a plain target of the
        // same name: it imports XCTest and Testing, which xcodebuild finds
        // for a plain target with ENABLE_TESTING_SEARCH_PATHS=YES (the
        // workflow passes it).
        .target(
            name: "CombineProbeTests",
            dependencies: ["CombineProbe"],
            path: "Tests/CombineProbeTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
