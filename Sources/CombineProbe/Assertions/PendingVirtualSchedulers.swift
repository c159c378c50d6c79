import Foundation
import XCTest

/// The virtual schedulers alive in the process, held weakly, each with the
/// test and the file that made it: a real-time wait or assertion that falls
/// short looks at those of its test, so that a test which drives its code
/// with a virtual scheduler but waits in real time is told why nothing came.
///
/// "Its test", in Swift Testing, is the test and task that made the
/// scheduler. XCTest does not say which test runs, and keeps its test case
/// instances, with the schedulers they hold, for the whole run (and a
/// scheduler whose pending action holds it is never released): there
/// ``XCTestBoundaries`` tells the schedulers made during the running test,
/// and those its test case's properties hold. Until it observes (it is
/// registered from the main thread, where XCTest requires it), the hint
/// names the schedulers made in the file of the wait, and says so.
///
/// The schedulers are remembered when they are made; the list drops the
/// released ones as it grows.
enum PendingVirtualSchedulers {
    private struct Entry: Sendable {
        weak var scheduler: (any PendingVirtualWork)?
        /// The test that made it (see `DeliveryGate.currentTest`).
        let owner: String
        /// The file that made it, as `#fileID` spells it.
        let file: String
        /// The XCTest test during which it was made (see
        /// ``XCTestBoundaries``); nil when XCTest was not observed.
        let xcTest: Int?
    }

    private struct Registry: Sendable {
        var entries: [Entry] = []
        /// The length at which the released schedulers are dropped next.
        var compactsAt = 64
    }

    private static let registry = Locked(Registry())

    /// Remembers a scheduler just made.
    static func remember(_ scheduler: any PendingVirtualWork, madeIn file: StaticString) {
        let owner = DeliveryGate.currentTest
        let xcTest = owner.isEmpty ? XCTestBoundaries.currentTest() : nil
        let entry = Entry(scheduler: scheduler, owner: owner, file: "\(file)", xcTest: xcTest)
        registry.withLock { registry in
            if registry.entries.count >= registry.compactsAt {
                registry.entries.removeAll { $0.scheduler == nil }
                registry.compactsAt = max(64, registry.entries.count * 2)
            }
            registry.entries.append(entry)
        }
    }

    /// What the virtual schedulers of the current test that have actions
    /// pending say, for a wait or an assertion at `site`: nil when there are
    /// none. "A virtual scheduler of this test has 1 pending action, due at
    /// 3s of its time (it is at 0s): real time does not move it".
    static func pendingWork(at site: CallSite) -> String? {
        let owner = DeliveryGate.currentTest
        let file = "\(site.fileID)"
        let xcTest = owner.isEmpty ? XCTestBoundaries.currentTest() : nil
        var schedulers = registry.withLock { registry in
            registry.entries.compactMap { entry -> (any PendingVirtualWork)? in
                guard entry.owner == owner else { return nil }
                if !owner.isEmpty { return entry.scheduler }
                if let xcTest { return entry.xcTest == xcTest ? entry.scheduler : nil }
                return entry.file == file ? entry.scheduler : nil
            }
        }
        if xcTest != nil {
            for held in XCTestBoundaries.shared.heldSchedulers() where !schedulers.contains(where: { $0 === held }) {
                schedulers.append(held)
            }
        }
        let pending = schedulers.map(\.pendingWork).filter { $0.count > 0 }
        guard let first = pending.min(by: { ($0.next ?? .max) < ($1.next ?? .max) }), let next = first.next else {
            return nil
        }
        let actions = pending.reduce(0) { $0 + $1.count }
        let whose = owner.isEmpty && xcTest == nil ? "made in \(file)" : "of this test"
        let due = "due at \(VirtualTime(nanoseconds: next)) of its time (it is at \(VirtualTime(nanoseconds: first.now)))"
        if pending.count == 1 {
            return "A virtual scheduler \(whose) has \(actions) pending action\(actions == 1 ? "" : "s"), the next \(due): "
                + "real time does not move it"
        }
        return "\(pending.count) virtual schedulers \(whose) have \(actions) pending actions, the next \(due): "
            + "real time does not move them"
    }
}

/// A virtual scheduler seen without its generic types, for
/// ``PendingVirtualSchedulers``.
protocol PendingVirtualWork: AnyObject, Sendable {
    /// The pending actions, when the next falls due and the time now, in
    /// nanoseconds since the start, read under one lock.
    var pendingWork: (count: Int, next: Int64?, now: Int64) { get }
}

extension VirtualScheduler: PendingVirtualWork {
    var pendingWork: (count: Int, next: Int64?, now: Int64) {
        state.withLock { ($0.queue.pendingCount, $0.queue.nextDue(), $0.elapsed) }
    }
}
