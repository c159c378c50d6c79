@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The exploration's environment variables, found in one pass over the
/// environment (`ExplorationEnvironment`): the variables it reads, and only
/// those (not every variable of their prefixes: CI's
/// `COMBINEPROBE_STRICT_XCTEST`, Bazel's `TEST_TMPDIR`).
enum ExplorationEnvironmentCheck {
    /// The variables found in `entries`, a made-up environment. A name set
    /// twice keeps its first value, as `getenv` reads it.
    static func found(in entries: [String]) -> [String: String] {
        let strings = entries.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let list = strings + [nil]
        return list.withUnsafeBufferPointer { ExplorationEnvironment.values(in: $0.baseAddress!) }
    }

    static let entries = [
        "PATH=/usr/bin", "COMBINEPROBE_SCHEDULE=0.1", "TEST_TOTAL_SHARDS=4", "TERM=xterm",
        "COMBINEPROBE_EXPLORATION_RESULTS=/tmp/a=b", "CI=true", "COMBINEPROBE", "TEST_SHARD_INDEX=",
        "COMBINEPROBE_STRICT_XCTEST=1", "TEST_TMPDIR=/tmp", "COMBINEPROBE_SCHEDULEX=1", "TEST_SHARD_INDEX",
        "TEST_TOTAL_SHARDS=9", "C", "T=", "TESTING=1", "COMBINEPROBEX_SCHEDULE=1", "COMBINEPROBE_=1",
        "TEST_SHARD_STATUS_FILE", "COMBINEPROBE_CHECK_REPLAYS=0",
    ]
    static let expected = [
        "COMBINEPROBE_SCHEDULE": "0.1", "TEST_TOTAL_SHARDS": "4",
        "COMBINEPROBE_EXPLORATION_RESULTS": "/tmp/a=b", "TEST_SHARD_INDEX": "", "COMBINEPROBE_CHECK_REPLAYS": "0",
    ]

    /// Every variable an exploration reads is one the pass keeps.
    static let namesRead = [
        ScheduleExploration.replayVariable, ScheduleExploration.seedVariable, ScheduleExploration.replayCheckVariable,
        ScheduleExploration.strategyVariable, ScheduleExploration.pctDepthVariable, ScheduleExploration.shardVariable,
        ScheduleExploration.resultsVariable, "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE",
    ]
}

final class ExplorationEnvironmentTests: XCTestCase {
    func testOnePassKeepsTheExplorationsVariablesOnly() {
        XCTAssertEqual(ExplorationEnvironmentCheck.found(in: ExplorationEnvironmentCheck.entries), ExplorationEnvironmentCheck.expected)
    }

    func testEveryVariableReadIsKept() {
        for name in ExplorationEnvironmentCheck.namesRead {
            XCTAssertTrue(ExplorationEnvironment.keeps(name), name)
        }
        XCTAssertFalse(ExplorationEnvironment.keeps("PATH"))
        XCTAssertFalse(ExplorationEnvironment.keeps("TEST"))
        XCTAssertFalse(ExplorationEnvironment.keeps("COMBINEPROBE_STRICT_XCTEST"))
    }

    @MainActor
    func testOnePassFromTheMainActor() {
        XCTAssertEqual(ExplorationEnvironmentCheck.found(in: ExplorationEnvironmentCheck.entries), ExplorationEnvironmentCheck.expected)
    }
}

@Suite struct ExplorationEnvironmentSwiftTests {
    @Test func onePassKeepsTheExplorationsVariablesOnly() {
        #expect(ExplorationEnvironmentCheck.found(in: ExplorationEnvironmentCheck.entries) == ExplorationEnvironmentCheck.expected)
    }

    @MainActor @Test func everyVariableReadIsKept() {
        #expect(ExplorationEnvironmentCheck.namesRead.allSatisfy { ExplorationEnvironment.keeps($0) })
    }
}
