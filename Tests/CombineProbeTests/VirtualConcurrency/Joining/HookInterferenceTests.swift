@testable import CombineProbe
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Another library's use of the global-enqueue hook, as
/// swift-concurrency-extras' `withMainSerialExecutor` (1.4.3) uses it: it
/// saves "a hook is set" as a Bool, sets its own, and writes back its own
/// hook or nothing. Its hook here passes every job on, counting them.
///
/// XCTest only: XCTest runs one test at a time, and these tests change the
/// process-wide hook, which Swift Testing's parallel tests share.
enum ForeignHookLibrary {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    static let slot: UncheckedSendable<UnsafeMutablePointer<Hook?>> = UncheckedSendable(
        dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")!.assumingMemoryBound(to: Hook?.self))

    /// The jobs its hook saw.
    static let jobsSeen = Locked(0)

    /// Its hook is set: as `uncheckedUseMainSerialExecutor`, any hook reads
    /// as its own.
    static var isOn: Bool {
        get { slot.value.pointee != nil }
        set {
            slot.value.pointee = newValue ? { job, original in
                ForeignHookLibrary.jobsSeen.withLock { $0 += 1 }
                original(job)
            } : nil
        }
    }

    /// As `withMainSerialExecutor { }`.
    static func withItsHook(_ body: () async -> Void) async {
        let wasOn = isOn
        isOn = true
        await body()
        isOn = wasOn
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class HookInterferenceTests: FailureCapturingTestCase {
    /// In a scope whose tasks join: a plain task started right after the
    /// scheduler sleeps 1 s; the test advances 1 s. "joined, woke at 1s"
    /// when the task ran in the world; otherwise how it ended.
    private func plainTaskJoins(takingTheHookAfterTheWorld: Bool = false) async -> String {
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) { () async -> String in
            let scheduler = DispatchQueue.virtualScheduler()
            if takingTheHookAfterTheWorld {
                ForeignHookLibrary.isOn = false
                await scheduler.advance(by: .zero)
            }
            let task = Task { () -> String in
                do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
                return VirtualTaskExecutor.runningWorld != nil ? "joined, woke at \(scheduler.elapsed)" : "outside"
            }
            await scheduler.advance(by: .seconds(1))
            return await task.value
        }
    }

    override func setUp() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        _ = DispatchQueue.virtualScheduler().executor // CombineProbe's hook is in
    }

    /// `withMainSerialExecutor` used while CombineProbe's hook is in leaves
    /// its own hook set when it returns: the next world takes the slot back,
    /// says so, and the other hook still gets the jobs outside every world.
    func testAHookLeftSetOverOursIsPutBehindIt() async throws {
        await ForeignHookLibrary.withItsHook {}
        XCTAssertTrue(ForeignHookLibrary.isOn, "the stand-in no longer behaves as withMainSerialExecutor")
        var outcome = ""
        let written = try await capturingStandardError { outcome = await plainTaskJoins() }
        XCTAssertEqual(outcome, "joined, woke at 1s")
        XCTAssertTrue(written.contains("CombineProbe: another library set its global-enqueue hook over CombineProbe's ("), written)
        let before = ForeignHookLibrary.jobsSeen.withLock { $0 }
        await Task.detached {}.value
        XCTAssertGreaterThan(ForeignHookLibrary.jobsSeen.withLock { $0 }, before, "the other hook lost the jobs outside every world")
    }

    /// `withMainSerialExecutor` that began before CombineProbe installed its
    /// hook writes nothing back when it returns, removing ours: the next
    /// world puts it back, and its tasks join.
    func testAHookRemovedIsPutBack() async throws {
        ForeignHookLibrary.isOn = false
        var outcome = ""
        _ = try await capturingStandardError { outcome = await plainTaskJoins() }
        XCTAssertEqual(outcome, "joined, woke at 1s")
        XCTAssertTrue(ForeignHookLibrary.isOn, "CombineProbe's hook was not put back")
    }

    /// A step puts the hook back too: a world made before the hook was
    /// taken keeps its tasks.
    func testAStepPutsTheHookBack() async throws {
        var outcome = ""
        _ = try await capturingStandardError { outcome = await plainTaskJoins(takingTheHookAfterTheWorld: true) }
        XCTAssertEqual(outcome, "joined, woke at 1s")
    }

    /// Issue 41, item 7, repeated: round after round, the other library
    /// takes the hook in one of the three ways above (its hook left set
    /// over ours, ours removed, the hook taken after the world was made),
    /// and every round's plain task still joins its world and wakes at its
    /// instant; afterwards, a plain task outside every world still runs
    /// off the main thread. `VirtualConcurrencyStress.iterations` rounds
    /// (400 in a plain run, 10,000 under `scripts/stress.sh`).
    func testEveryRoundKeepsItsWorldWhileAnotherLibraryTakesTheHook() async throws {
        var outcomes: [String: Int] = [:]
        _ = try await capturingStandardError {
            for round in 0..<VirtualConcurrencyStress.iterations {
                let outcome: String
                switch round % 3 {
                case 0:
                    await ForeignHookLibrary.withItsHook {}
                    outcome = await plainTaskJoins()
                case 1:
                    ForeignHookLibrary.isOn = false
                    outcome = await plainTaskJoins()
                default:
                    outcome = await plainTaskJoins(takingTheHookAfterTheWorld: true)
                }
                outcomes[outcome, default: 0] += 1
            }
        }
        XCTAssertEqual(outcomes, ["joined, woke at 1s": VirtualConcurrencyStress.iterations])
        let onTheMainThread = await Task.detached { Thread.isMainThread }.value
        XCTAssertFalse(onTheMainThread, "a plain task outside every world ran on the main thread")
    }
}
