import CombineProbe
import Foundation
import XCTest

/// Many threads, one recorder: nothing lost, nothing duplicated, per-thread
/// order kept, no crash. Bounded in count; each test takes well under a
/// second (a few under ThreadSanitizer).
final class StressTests: FailureCapturingTestCase {
    struct Sent: Equatable, Sendable {
        let thread: Int
        let index: Int
    }

    func testEightThreadsSendWhileOthersWaitAndRead() async throws {
        let threads = 8
        let perThread = 10_000
        let total = threads * perThread
        let subject = PassthroughSubject<Sent, Never>()
        let recorder = subject.record()

        // Waiters: tasks awaiting expectations that the senders fulfil.
        let waiters = [1, total / 4, total / 2, total].map { count in
            Task { try await CombineProbe.wait(for: recorder.prefix(count), timeout: 60).count }
        }
        let finished = Task { try await CombineProbe.wait(for: recorder.elements, timeout: 60).count }

        // Readers: threads calling get() while the values pour in.
        let stopReading = Flag()
        let reads = Counter()
        let readers = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: readers) {
                while !stopReading.value {
                    let snapshot = recorder.elementsAndCompletion.elements
                    XCTAssertLessThanOrEqual(snapshot.count, total)
                    _ = try? recorder.availableElements.get()
                    reads.increment()
                    // A snapshot shares the recorded array: the next append
                    // copies it once. Reading in a tight loop would turn the
                    // recording quadratic; a test reads now and then.
                    usleep(1_000)
                }
            }
        }

        let sender = UncheckedBox(subject)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                sender.value.send(Sent(thread: thread, index: index))
            }
        }
        subject.send(completion: .finished)
        stopReading.set()
        readers.wait()

        for (waiter, expected) in zip(waiters, [1, total / 4, total / 2, total]) {
            let count = try await waiter.value
            XCTAssertEqual(count, expected)
        }
        let finishedCount = try await finished.value
        XCTAssertEqual(finishedCount, total)
        XCTAssertGreaterThan(reads.value, 0)

        let elements = try recorder.elements.get()
        XCTAssertEqual(elements.count, total, "every value recorded once")
        var next = [Int](repeating: 0, count: threads)
        for element in elements {
            guard element.index == next[element.thread] else {
                return XCTFail("thread \(element.thread): expected index \(next[element.thread]), recorded \(element.index)")
            }
            next[element.thread] += 1
        }
        XCTAssertEqual(next, [Int](repeating: perThread, count: threads), "each value exactly once, in per-thread order")
    }

    func testSubscribeSendCancelRaces() {
        for round in 0..<200 {
            let subject = PassthroughSubject<Int, Never>()
            let holder = RecorderHolder()
            let group = DispatchGroup()
            let box = UncheckedBox(subject)
            DispatchQueue.global().async(group: group) {
                holder.set(box.value.record())
            }
            DispatchQueue.global().async(group: group) {
                for value in 0..<100 { box.value.send(value) }
            }
            DispatchQueue.global().async(group: group) {
                if round.isMultiple(of: 2) { usleep(50) }
                holder.get()?.cancel()
            }
            group.wait()
            guard let recorder = holder.get() else { return XCTFail("no recorder") }
            let recorded = recorder.elementsAndCompletion.elements
            XCTAssertEqual(recorded, recorded.sorted(), "round \(round): order kept")
            XCTAssertEqual(Set(recorded).count, recorded.count, "round \(round): no duplicate")
            // Cancelled: nothing more is recorded. Cancelled before the
            // subscription existed: the recorder was never cancelled, and
            // records the new value.
            subject.send(1_000)
            let after = recorder.elementsAndCompletion.elements
            XCTAssertTrue(
                after.count == recorded.count || (after.count == recorded.count + 1 && after.last == 1_000),
                "round \(round): recorded \(after.count - recorded.count) values after the race")
        }
    }

    func testRecorderReleasedWhileItsPublisherSends() throws {
        for _ in 0..<50 {
            let subject = PassthroughSubject<Int, Never>()
            let cancelled = Flag()
            let stop = Flag()
            let sending = DispatchGroup()
            let publisher = UncheckedBox(subject.handleEvents(receiveCancel: { cancelled.set() }))
            let sender = UncheckedBox(subject)
            var recorder: Recorder<Int, Never>? = publisher.value.record()
            let weakRecorder = WeakReference(recorder)
            DispatchQueue.global().async(group: sending) {
                var value = 0
                while !stop.value {
                    sender.value.send(value)
                    value += 1
                }
            }
            usleep(200)
            recorder = nil
            XCTAssertNil(weakRecorder.object, "released while values keep coming")
            XCTAssertTrue(cancelled.value, "its subscription was cancelled")
            stop.set()
            sending.wait()
        }
    }

    func testManyConcurrentAsyncWaitersOnOneRecorder() async throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let results = try await withThrowingTaskGroup(of: [Int].self) { group in
            for count in 1...50 {
                group.addTask { try await CombineProbe.wait(for: recorder.prefix(count), timeout: 60) }
            }
            let sender = UncheckedBox(subject)
            DispatchQueue.global().async {
                for value in 0..<50 { sender.value.send(value) }
            }
            var all: [[Int]] = []
            for try await result in group { all.append(result) }
            return all
        }
        XCTAssertEqual(results.map(\.count).sorted(), Array(1...50))
        for result in results {
            XCTAssertEqual(result, Array(0..<result.count))
        }
    }
}

/// A recorder set by one thread and read by others.
// @unchecked Sendable: `recorder` is read and written under `lock`.
final class RecorderHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorder: Recorder<Int, Never>?

    func set(_ recorder: Recorder<Int, Never>) {
        lock.lock()
        self.recorder = recorder
        lock.unlock()
    }

    func get() -> Recorder<Int, Never>? {
        lock.lock()
        defer { lock.unlock() }
        return recorder
    }
}
