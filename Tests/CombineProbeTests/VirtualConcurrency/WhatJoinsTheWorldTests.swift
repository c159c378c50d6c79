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
