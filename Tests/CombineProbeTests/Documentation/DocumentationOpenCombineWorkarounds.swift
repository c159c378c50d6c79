// The examples of Documentation/Pitfalls.md, "Linux and OpenCombine":
// workarounds for what OpenCombine 0.14 lacks (CombineLatest, Merge,
// collect by time), which compile and pass on both platforms.
import CombineProbe
import Foundation
import XCTest

final class DocumentationOpenCombineWorkarounds: XCTestCase {
    // Pitfalls.md, "Linux and OpenCombine": a timeout in virtual time.
    func testATimeoutInVirtualTimeOnOpenCombine() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let reply = PassthroughSubject<String, Never>()
        let recorder = reply.timeout(.milliseconds(30), scheduler: scheduler).record()
        scheduler.advance(by: .milliseconds(30)) // not run(): the timer repeats on OpenCombine
        XCTAssertNoThrow(try recorder.finished.get())
    }

    func testMergingTwoSubjectsWithFlatMap() throws {
        let local = PassthroughSubject<String, Never>()
        let remote = PassthroughSubject<String, Never>()
        let merged = [local.eraseToAnyPublisher(), remote.eraseToAnyPublisher()]
            .publisher
            .flatMap { $0 }
        let recorder = merged.record()
        local.send("cached")
        remote.send("fresh")
        XCTAssertEqual(try recorder.next(2).get(), ["cached", "fresh"])
    }

    func testCombiningTheLatestValuesWithScan() throws {
        let name = PassthroughSubject<String, Never>()
        let age = PassthroughSubject<Int, Never>()
        let latest = [name.map { (String?.some($0), Int?.none) }.eraseToAnyPublisher(),
                      age.map { (String?.none, Int?.some($0)) }.eraseToAnyPublisher()]
            .publisher
            .flatMap { $0 }
            .scan((String?.none, Int?.none)) { latest, change in (change.0 ?? latest.0, change.1 ?? latest.1) }
            .compactMap { name, age in name.flatMap { name in age.map { "\(name), \($0)" } } }
        let recorder = latest.record()
        name.send("Ada")
        age.send(36)
        age.send(37)
        XCTAssertEqual(try recorder.next(2).get(), ["Ada, 36", "Ada, 37"])
    }

    func testGroupingValuesByWindowInVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let taps = scheduler.coldPublisher([
            .value("a", at: .milliseconds(100)),
            .value("b", at: .milliseconds(300)),
            .value("c", at: .milliseconds(1200)),
        ])
        let recorder = taps.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(2))
        let windows = Dictionary(grouping: recorder.timeline) { $0.time.nanoseconds / 1_000_000_000 }
        XCTAssertEqual(windows[0]?.count, 2)
        XCTAssertEqual(windows[1]?.count, 1)
    }
}
