// swift-tools-version: 6.2
// An app core built the way Xcode 26 builds a new app target, and its tests:
// the proof that a main-actor view model is tested safely from every kind of
// test through `DispatchQueue.virtualScheduler(actionsOn: .mainActor)`.
// A package of its own, with tools 6.2 (`.defaultIsolation` needs them), so
// that the library and the Examples package keep admitting Swift 6.0.
//
//     swift test --package-path Examples/ApproachableApp
import PackageDescription

/// The app core imports Combine on Apple platforms, OpenCombine elsewhere.
let openCombinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

/// What Xcode 26's "Approachable Concurrency" build setting
/// (`SWIFT_APPROACHABLE_CONCURRENCY = YES`, on in new projects) turns on in
/// the Swift 6 language mode: SE-0461 (`NonisolatedNonsendingByDefault`,
/// nonisolated async functions run on their caller's actor) and SE-0470
/// (`InferIsolatedConformances`, a main-actor type's conformances are
/// isolated to the main actor). The setting's three other features
/// (`DisableOutwardActorInference`, `GlobalActorIsolatedTypesUsability`,
/// `InferSendableFromCaptures`) are already part of the Swift 6 mode.
/// Xcode 26's templates also turn on SE-0444 (`MemberImportVisibility`,
/// `SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES`) in every
/// target. Package manifests have no "approachable concurrency" switch:
/// the features are named one by one.
let approachableConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ApproachableApp",
    // `assign(to: &$published)` needs macOS 11, iOS 14, tvOS 14, watchOS 7;
    // nothing else the app core uses is newer than Combine itself.
    platforms: [.macOS(.v11), .iOS(.v14), .tvOS(.v14), .watchOS(.v7)],
    dependencies: [
        .package(name: "CombineProbe", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        // The app target of an Xcode 26 project: `SWIFT_DEFAULT_ACTOR_ISOLATION
        // = MainActor` (SE-0466) and Approachable Concurrency.
        .target(
            name: "ApproachableApp",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
                .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: openCombinePlatforms)),
            ],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .define("COMBINEPROBE_OPENCOMBINE", .when(platforms: openCombinePlatforms)),
            ] + approachableConcurrency
        ),
        // Its unit-test target, as Xcode 26's template makes it: Approachable
        // Concurrency, but no default isolation setting, so its code is
        // nonisolated unless a test says `@MainActor`.
        .testTarget(
            name: "ApproachableAppTests",
            dependencies: [
                "ApproachableApp",
                .product(name: "CombineProbe", package: "CombineProbe"),
            ],
            swiftSettings: approachableConcurrency
        ),
    ],
    swiftLanguageModes: [.v6]
)
