import Foundation
import XCTest

/// The virtual world's rules, each with one owner, and a wall per rule: a
/// test that fails when another file of the library decides it (issue 41,
/// A). The framework that gets a failure has its own wall
/// (`XCTestRulesTests.testEveryFrameworkCallOfTheLibraryGoesThroughTheSeam`).
///
/// Each wall reads the library's sources for the calls that decide its rule,
/// and allows them in the owner's files only; `testEachWallFailsOnAPlantedSecondDecision`
/// plants one such call in another file and shows that its wall catches it.
final class WorldRulesWallTests: XCTestCase {
    /// A rule of the world, the calls that decide it, and the files that may
    /// make them.
    struct Rule {
        let name: String
        let calls: [String]
        let owners: Set<String>
    }

    static let rules = [
        // Which tasks are the world's: a task's executor preference and the
        // table of joined tasks are read by the joining door only, which
        // answers `currentTaskIsMember(of:)` for everyone else.
        Rule(name: "members", calls: ["unownedTaskExecutor", ".members["],
             owners: ["VirtualConcurrency/Joining/TaskJoining.swift"]),
        // Which tasks the world asks about: the world alone asks the
        // joining door whether the current task is one of its members, for
        // its scheduler, timers and sleeps.
        Rule(name: "members, asked", calls: ["TaskJoining.currentTaskIsMember(of:", "TaskJoining.currentTaskIsOrBecomesMember(of:"],
             owners: ["World/VirtualWorld.swift"]),
        // The world's executor: made by the world, once.
        Rule(name: "the world's executor", calls: ["VirtualTaskExecutor(scheduling:"],
             owners: ["World/VirtualWorld.swift"]),
        // When the world is quiet: the executor's quiescence, the timers'
        // consumers and the work in flight are asked by the world's one
        // definition of quiet (`settle(at:)`, `landWorkInFlight()`).
        Rule(name: "quiet", calls: ["quiescence(grace:", "ticksInFlight.settle(", "InFlightWork.shared.settle("],
             owners: ["World/VirtualWorld+Quiet.swift", "VirtualConcurrency/VirtualTaskExecutor.swift"]),
        // The steps: only the step driver begins and ends a move of time,
        // takes its steps and lets the world settle around them; a plan
        // says what one step does, and no file loops over actions itself.
        Rule(name: "steps", calls: [".settle(at:", ".beginStep(at:", ".endStep(at:", ".step(worldSettles:",
                                    "while runNextAction(", "while scheduler.runNextAction(", "while run.step("],
             owners: ["World/VirtualScheduler+StepDriver.swift"]),
        // Where a move of time runs: the step driver runs its steps where
        // the scheduler's actions run (the main actor for a main-actor
        // scheduler).
        Rule(name: "where a step runs", calls: ["onActionThread("],
             owners: ["World/VirtualScheduler+StepDriver.swift", "MainActor/VirtualScheduler+MainActor.swift"]),
        // Where work runs on the main actor: the world's executor settles
        // through the main queue, the main-actor hop runs actions there, and
        // the synchronous waiter wakes the run loop it runs; nothing else
        // posts to the main queue or starts main-actor work.
        Rule(name: "the main queue", calls: ["DispatchQueue.main.async", "DispatchQueue.main.sync", "MainActor.run", "Task { @MainActor"],
             owners: ["VirtualConcurrency/VirtualTaskExecutor.swift", "MainActor/MainActorHop.swift", "Waiting/SynchronousWaiter.swift"]),
        // The choice points: one owner per kind of choice (tied actions,
        // ready jobs, latencies) asks the explored schedule.
        Rule(name: "choice points", calls: [".choose(2, kind:", "kind: .tiedActions", "kind: .readyJobs", "kind: .latency"],
             owners: ["ActionQueue/ActionQueue.swift", "VirtualConcurrency/VirtualTaskExecutor.swift", "Exploration/LatencyChoice.swift"]),
        // Jobs leaving the main actor: the joining door sends them to the
        // departures' lane, and the executor's round trips alone wait for
        // those ahead of them (see `MainActorDepartures`).
        Rule(name: "departures from the main actor", calls: ["MainActorDepartures.take(", "MainActorDepartures.areOver("],
             owners: ["VirtualConcurrency/Joining/TaskJoining.swift", "VirtualConcurrency/VirtualTaskExecutor.swift"]),
        // A timer's consumer on its way back from its tick: the timer says
        // which task its tick resumes, and the joining door alone sends its
        // resumption to a thread of its own (see `TickResumes`).
        Rule(name: "timer consumers resumed by their ticks", calls: ["TickResumes.run(", "TaskJoining.tickResumes("],
             owners: ["VirtualConcurrency/Joining/TaskJoining.swift", "VirtualConcurrency/VirtualTimerSequence.swift"]),
        // The world a scope's new tasks join (the first world made there):
        // its slot is made by a scope's joining world and by a schedule's
        // choices, which keep it, and read and written through the
        // joining world's methods alone (see `JoiningSlot`).
        Rule(name: "the world a scope's tasks join", calls: ["JoiningSlot()", "withJoiningSlot {"],
             owners: ["VirtualConcurrency/Joining/JoiningWorld.swift", "Exploration/ScheduleChoices.swift"]),
        // The runtime's enqueue hook: read and written in one file.
        Rule(name: "the global-enqueue hook", calls: ["swift_task_enqueueGlobal_hook", "slot.pointee"],
             owners: ["VirtualConcurrency/Joining/GlobalEnqueueHook.swift"]),
    ]

    /// The calls of `rule` made outside its owners, as `file:line: call`.
    static func offenders(of rule: Rule, in sources: [String: String]) -> [String] {
        var found: [String] = []
        for (file, text) in sources.sorted(by: { $0.key < $1.key }) where !rule.owners.contains(file) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                for call in rule.calls where code.contains(call) { found.append("\(file):\(number + 1): \(call)") }
            }
        }
        return found
    }

    /// The library's sources, by path under Sources/CombineProbe.
    static func librarySources() throws -> [String: String] {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CombineProbe")
            .resolvingSymlinksInPath()
        var texts: [String: String] = [:]
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") {
            texts[file] = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
        }
        return texts
    }

    func testEachRuleIsDecidedByItsOwnersOnly() throws {
        let sources = try Self.librarySources()
        XCTAssertGreaterThan(sources.count, 100)
        for rule in Self.rules {
            XCTAssertEqual(Self.offenders(of: rule, in: sources), [], "\(rule.name): decided outside \(rule.owners.sorted())")
            // Each owner exists and makes one of the calls: a wall around
            // nothing would pass for ever.
            for owner in rule.owners {
                let text = try XCTUnwrap(sources[owner], "\(rule.name): no file \(owner)")
                XCTAssertTrue(rule.calls.contains { text.contains($0) }, "\(rule.name): \(owner) makes none of \(rule.calls)")
            }
        }
    }

    /// A second decision planted in another file: its wall names it.
    func testEachWallFailsOnAPlantedSecondDecision() throws {
        var sources = try Self.librarySources()
        for rule in Self.rules {
            let planted = "VirtualTime/PlantedSecondDecision.swift"
            sources[planted] = "func planted() {\n    _ = \(rule.calls[0])\n}\n"
            XCTAssertEqual(Self.offenders(of: rule, in: sources), ["\(planted):2: \(rule.calls[0])"], rule.name)
            sources[planted] = nil
        }
    }
}
