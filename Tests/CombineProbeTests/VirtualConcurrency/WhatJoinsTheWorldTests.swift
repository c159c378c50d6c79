import CombineProbe
import Foundation
import Testing
import XCTest

/// The facts behind TestingTime's table "What runs in the virtual world":
/// from a task of the world, each way of starting more work, and whether
/// that work runs on the world's executor (joins it). If the toolchain
/// changes one of them, this test says which, and the table is updated.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum WhatJoinsTheWorld {
    /// Whether the current task prefers `executor`.
    static func isInTheWorld(_ executor: VirtualTaskExecutor) -> Bool {
        withUnsafeCurrentTask { $0?.unownedTaskExecutor } == executor.asUnownedTaskExecutor()
    }

    /// Each way of starting work, from a task of the world, and whether
    /// that work joined it.
    static func survey() async -> [String: Bool] {
        let scheduler = DispatchQueue.virtualScheduler()
        let executor = scheduler.executor
        return await Task(executorPreference: executor) { () -> [String: Bool] in
            var joined: [String: Bool] = [:]
            joined["the task itself"] = isInTheWorld(executor)
            async let child = isInTheWorld(executor)
            joined["async let"] = await child
            joined["task group"] = await withTaskGroup(of: Bool.self) { group in
                group.addTask { isInTheWorld(executor) }
                return await group.next() ?? false
            }
            joined["Task { }"] = await Task { isInTheWorld(executor) }.value
            joined["Task.detached { }"] = await Task.detached { isInTheWorld(executor) }.value
            joined["nonisolated async function"] = await nonisolatedCheck(executor)
            joined["@MainActor function (keeps the preference)"] = await mainActorCheck(executor)
            return joined
        }.value
    }

    nonisolated static func nonisolatedCheck(_ executor: VirtualTaskExecutor) async -> Bool {
        isInTheWorld(executor)
    }

    /// On the main actor, the task runs on the main actor's executor, not
    /// the world's, but keeps its preference: once it leaves the main actor
    /// it runs in the world again.
    @MainActor static func mainActorCheck(_ executor: VirtualTaskExecutor) async -> Bool {
        isInTheWorld(executor)
    }

    static let expected: [String: Bool] = [
        "the task itself": true,
        "async let": true,
        "task group": true,
        "Task { }": false,
        "Task.detached { }": false,
        "nonisolated async function": true,
        "@MainActor function (keeps the preference)": true,
    ]
}

final class WhatJoinsTheWorldTests: XCTestCase {
    func testWhatJoinsTheWorld() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let joined = await WhatJoinsTheWorld.survey()
        XCTAssertEqual(joined, WhatJoinsTheWorld.expected)
    }
}

/// Testing time's table, README and Pitfalls say what joins in the same
/// words: the sentence for a view model's tasks is in each, whitespace
/// aside, and the table's row for them says they join (the behaviour is
/// `MainActorTaskJoiningTests`').
final class WhatJoinsInTheDocsTests: XCTestCase {
    static let mainActorTasks = "A `Task { }` started in `@MainActor` code joins when it leaves the main actor: until "
        + "its first sleep on the scheduler's clock or call to a CombineProbe double, its jobs off the main actor run "
        + "one at a time, in the order they leave, and every step waits for them; from then on, it is the world's."

    /// The text of `path`, relative to the package, with every run of
    /// whitespace made one space.
    static func text(_ path: String) throws -> String {
        // Through the symbolic links of the CI lanes' packages, to the package's root.
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func testTheTableREADMEAndPitfallsSayTheSame() throws {
        for path in ["Documentation/TestingTime.md", "README.md", "Documentation/Pitfalls.md"] {
            XCTAssertTrue(try Self.text(path).contains(Self.mainActorTasks), "\(path) does not say: \(Self.mainActorTasks)")
        }
        let row = try Self.text("Documentation/TestingTime.md")
            .components(separatedBy: "| `Task { }` started in `@MainActor` code (a view model;").dropFirst().first
        XCTAssertTrue(row?.components(separatedBy: "|").dropFirst().first?.hasPrefix(" yes.") == true, "the table's row says it does not join")
    }
}
