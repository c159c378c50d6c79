@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// `MainThread.isCurrent` gives Foundation's answer on every thread, asked
/// once and then kept per thread: the main thread's answer is never another
/// thread's, and the kept answer is the one asked.
enum MainThreadCheck {
    /// Foundation's answer and ours, twice (the second from what was kept),
    /// on the calling thread.
    static func answersHere() -> [Bool] {
        [Thread.isMainThread, MainThread.isCurrent, MainThread.isCurrent]
    }

    /// The answers on the caller's thread, then on a new thread, a thread of
    /// a global queue and the main thread, then on the caller's again.
    static func answers() -> [[Bool]] {
        var seen = [answersHere()]
        seen.append(onANewThread { answersHere() })
        let onTheQueue = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            onTheQueue.withLock { $0 = answersHere() }
            done.signal()
        }
        done.wait()
        seen.append(onTheQueue.withLock { $0 })
        seen.append(answersHere())
        return seen
    }

    /// What `answers()` must be: Foundation's answer on each thread, kept;
    /// the new thread and the global queue's are not the main thread.
    static func expected(onTheMainThread: Bool) -> [[Bool]] {
        [
            Array(repeating: onTheMainThread, count: 3),
            [false, false, false],
            [false, false, false],
            Array(repeating: onTheMainThread, count: 3),
        ]
    }

    /// The main thread's answer, asked there by a block of the main queue
    /// when the main thread drains it (XCTest's run loop), else nothing to
    /// check.
    static func mainThreadAnswer() async -> [Bool]? {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                continuation.resume(returning: Thread.isMainThread ? answersHere() : nil)
            }
        }
    }
}

final class MainThreadTests: XCTestCase {
    // A synchronous XCTest test runs on the main thread: its answer is kept
    // there, and no other thread gets it.
    func testTheMainThreadsAnswerIsKeptForItAlone() {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertEqual(MainThreadCheck.answers(), MainThreadCheck.expected(onTheMainThread: true))
    }

    func testEachThreadGetsFoundationsAnswerFromAnAsyncTest() async {
        let onTheMainThread = Thread.isMainThread
        XCTAssertEqual(MainThreadCheck.answers(), MainThreadCheck.expected(onTheMainThread: onTheMainThread))
        let main = await MainThreadCheck.mainThreadAnswer()
        XCTAssertEqual(main, [true, true, true])
    }

    @MainActor func testEachThreadGetsFoundationsAnswerFromTheMainActor() async {
        let onTheMainThread = Thread.isMainThread
        XCTAssertEqual(MainThreadCheck.answers(), MainThreadCheck.expected(onTheMainThread: onTheMainThread))
    }
}

@Suite struct MainThreadSwiftTests {
    @Test func eachThreadGetsFoundationsAnswer() async {
        let onTheMainThread = Thread.isMainThread
        #expect(MainThreadCheck.answers() == MainThreadCheck.expected(onTheMainThread: onTheMainThread))
        if let main = await MainThreadCheck.mainThreadAnswer() {
            #expect(main == [true, true, true])
        }
    }

    @Test @MainActor func eachThreadGetsFoundationsAnswerFromTheMainActor() async {
        let onTheMainThread = Thread.isMainThread
        #expect(MainThreadCheck.answers() == MainThreadCheck.expected(onTheMainThread: onTheMainThread))
    }
}
