import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// `SignUpForm`, whose checks are published with `assign(to: &$published)`,
// from every kind of test. Its scheduler stands in for `DispatchQueue.main`.

/// One round: each field is checked 200 ms after the last keystroke in it.
enum SignUpRounds {
    static let expected = [
        "199ms: email false, password false, submit false",
        "200ms: email true, password false, submit false",
        "400ms: email true, password false, submit false",
        "600ms: email true, password true, submit true",
        "800ms: email false, password true, submit false",
    ]

    /// What the form shows, after `elapsed`.
    @MainActor static func state(_ form: SignUpForm, after elapsed: VirtualTime) -> String {
        "\(elapsed): email \(form.isEmailValid), password \(form.isPasswordValid), submit \(form.canSubmit)"
    }

    enum Field { case email, password }

    /// What the user types after the e-mail address, 200 ms apart.
    static let steps: [(field: Field, text: String)] = [
        (.password, "secret"),
        (.password, "secret-password"),
        (.email, "ann@example"),
    ]

    /// Types `text` into `field` of `form`.
    @MainActor static func type(_ text: String, into field: Field, of form: SignUpForm) {
        switch field {
        case .email: form.email = text
        case .password: form.password = text
        }
    }

    /// From any isolation: this nonisolated async function runs on its
    /// caller's actor (SE-0461).
    static func asyncRound(_ round: Int) async throws -> [String] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let form = await SignUpForm(scheduler: scheduler)
        await MainActor.run { form.email = "ann@example.com" }
        await scheduler.advance(by: .milliseconds(199))
        var trace = [await state(form, after: scheduler.elapsed)]
        await scheduler.advance(by: .milliseconds(1))
        trace.append(await state(form, after: scheduler.elapsed))
        for step in steps {
            await type(step.text, into: step.field, of: form)
            await scheduler.advance(by: .milliseconds(200))
            trace.append(await state(form, after: scheduler.elapsed))
        }
        return trace
    }

    /// From synchronous code on any thread.
    static func syncRound(_ round: Int) throws -> [String] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let form = try onMainActor { SignUpForm(scheduler: scheduler) }
        try onMainActor { form.email = "ann@example.com" }
        scheduler.advance(by: .milliseconds(199))
        var trace = [try onMainActor { state(form, after: scheduler.elapsed) }]
        scheduler.advance(by: .milliseconds(1))
        trace.append(try onMainActor { state(form, after: scheduler.elapsed) })
        for step in steps {
            try onMainActor { type(step.text, into: step.field, of: form) }
            scheduler.advance(by: .milliseconds(200))
            trace.append(try onMainActor { state(form, after: scheduler.elapsed) })
        }
        return trace
    }
}

@Suite struct SignUpFormSwiftTests {
    @Test func nonisolatedAsync() async throws {
        #expect(!isOnMainActor(), "Swift Testing runs a nonisolated test off the main actor")
        let different = try await firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.asyncRound)
        #expect(different == nil)
    }

    @Test func nonisolatedSynchronous() throws {
        #expect(!isOnMainActor())
        let different = try firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.syncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorAsync() async throws {
        let different = try await firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.asyncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorSynchronous() throws {
        let different = try firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.syncRound)
        #expect(different == nil)
    }
}

final class SignUpFormTests: XCTestCase {
    func testNonisolatedAsync() async throws {
        let different = try await firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.asyncRound)
        XCTAssertNil(different)
    }

    func testSynchronous() throws {
        let different = try firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.syncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorAsync() async throws {
        let different = try await firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.asyncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorSynchronous() throws {
        let different = try firstDifferentRound(from: SignUpRounds.expected, SignUpRounds.syncRound)
        XCTAssertNil(different)
    }
}
