import CombineProbe
import Foundation
import Testing
import XCTest

// A recorder keeps its last values in a batch of 256 before they join its
// array (see PendingElements): reads between, across and on the edges of
// batches see every value once, in order, and timed recorders keep each
// value's time beside it.

/// Sends `0..<count` through a subject into a recorder, reading its
/// `availableElements` (every value so far) at `readAt` values sent;
/// returns what each read saw and what the recorder holds at the end.
private func recordReading(_ count: Int, readAt: Set<Int>) throws -> (reads: [[Int]], all: [Int]) {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    var reads: [[Int]] = []
    for value in 0..<count {
        subject.send(value)
        if readAt.contains(value + 1) { reads.append(try recorder.availableElements.get()) }
    }
    subject.send(completion: .finished)
    return (reads, try recorder.elements.get())
}

/// The reads the test makes: none before the first batch is full, on its
/// edges, inside the second, and after many batches.
private let readPoints: Set<Int> = [1, 255, 256, 257, 300, 512, 1_000, 2_049]

final class PendingElementsTests: XCTestCase {
    func testReadsAcrossBatchesSeeEveryValueOnceInOrder() throws {
        let (reads, all) = try recordReading(2_500, readAt: readPoints)
        XCTAssertEqual(reads.map(\.count), readPoints.sorted())
        XCTAssertEqual(reads.filter { $0 != Array(0..<$0.count) }.map(\.count), [], "reads that were not every value so far, in order")
        XCTAssertTrue(all == Array(0..<2_500), "elements: \(all.count) values, the first out of place at \(String(describing: all.indices.first { all[$0] != $0 }))")
    }

    func testNextConsumesAcrossABatchEdge() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        var consumed: [Int] = []
        for value in 0..<600 {
            subject.send(value)
            if value % 100 == 99 { consumed.append(try recorder.next().get()) }
        }
        XCTAssertEqual(consumed, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(try recorder.next(594).get(), Array(6..<600))
    }

    func testATimedRecorderKeepsEachValuesTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record(timedBy: scheduler)
        for value in 0..<300 {
            subject.send(value)
            scheduler.advance(by: .milliseconds(1))
        }
        let timeline = recorder.timeline
        XCTAssertEqual(timeline.count, 300)
        XCTAssertEqual(timeline[299], .value(299, at: .milliseconds(299)))
    }
}

@Suite struct PendingElementsSwiftTests {
    @Test func readsAcrossBatchesSeeEveryValueOnceInOrder() throws {
        let (reads, all) = try recordReading(2_500, readAt: readPoints)
        #expect(reads.map(\.count) == readPoints.sorted())
        #expect(reads.filter { $0 != Array(0..<$0.count) }.map(\.count) == [], "reads that were not every value so far, in order")
        #expect(all == Array(0..<2_500), "elements: \(all.count) values, the first out of place at \(String(describing: all.indices.first { all[$0] != $0 }))")
    }
}
