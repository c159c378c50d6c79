@testable import CombineProbe
import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a `Task { }` started in `@MainActor` code cannot join a world
/// (issue 41, B), as a probe of the runtime: a task that starts on the main
/// actor is enqueued on the main executor, never on the global one, and the
/// runtime's hook for that enqueue, `swift_task_enqueueMainExecutor_hook`,
/// is exported but no longer called (Swift 6.2 and later implement the main
/// executor in Swift: measured with Swift 6.3.1 on Linux; swift-concurrency-
/// extras' tests note the same). So no library sees such a task start, nor
/// its creator; when it later leaves the main actor for the global
/// executor, no task runs to tell whose it is. If this test fails, the
/// runtime calls the hook again, and main-actor tasks can join through it:
/// Testing time's table and the refusal's words then change with it.
final class MainExecutorHookProbeTests: XCTestCase {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private static let calls = Locked(0)

    func testTheRuntimeDoesNotCallTheMainExecutorsEnqueueHook() async throws {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueMainExecutor_hook") else {
            throw XCTSkip("this runtime does not export swift_task_enqueueMainExecutor_hook")
        }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        // Nothing else in the process sets this slot: it is put back as
        // found, and every job goes on to the runtime meanwhile.
        let previous = slot.pointee
        XCTAssertNil(previous, "another library set the main executor's enqueue hook")
        slot.pointee = { job, original in
            MainExecutorHookProbeTests.calls.withLock { $0 += 1 }
            original(job)
        }
        defer { slot.pointee = previous }

        await Task { @MainActor in }.value // a task that starts on the main actor
        await MainActor.run {} // a hop there and back
        await Task.detached { await MainActor.run {} }.value

        #if os(Linux) && compiler(>=6.2)
        XCTAssertEqual(Self.calls.withLock { $0 }, 0, "the runtime calls the hook again: main-actor tasks could join through it")
        #endif
    }
}
