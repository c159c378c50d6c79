import CombineProbe
import Foundation
import Testing
import XCTest

final class PublisherMockTests: FailureCapturingTestCase {
    let ada = User(id: 1, name: "Ada")

    // MARK: - Result kinds

    func testValue() throws {
        let mock = UserServiceMock()
        mock.getUserResult = .value(ada)
        let recorder = mock.getUser(id: 1).record()
        XCTAssertEqual(try wait(for: recorder.single, timeout: longTimeout), ada)
    }

    func testSequence() throws {
        let mock = UserServiceMock()
        mock.progressResult = .sequence([10, 50, 100])
        let recorder = mock.progress().record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [10, 50, 100])
    }

    func testFailure() throws {
        let mock = UserServiceMock()
        mock.getUserResult = .failure(.offline)
        let recorder = mock.getUser(id: 1).record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: longTimeout), .offline)

        mock.progressResult = .sequence([1])
        mock.getUserResult = .failure(.offline, after: [ada])
        let second = mock.getUser(id: 1).record()
        XCTAssertRecordedEvents(second, [.value(ada), .failure(.offline)], timeout: longTimeout)
    }

    func testFinishedAndNever() throws {
        let mock = UserServiceMock()
        mock.progressResult = .finished
        XCTAssertEqual(try wait(for: mock.progress().record().elements, timeout: longTimeout), [])
        mock.progressResult = .never
        try wait(for: mock.progress().record().finished.inverted, timeout: shortTimeout)
        mock.progressResult = .values([1, 2], thenNever: ())
        let recorder = mock.progress().record()
        XCTAssertEqual(try wait(for: recorder.next(2), timeout: longTimeout), [1, 2])
        try wait(for: recorder.finished.inverted, timeout: shortTimeout)
    }

    func testComputedAtCallTime() throws {
        let mock = UserServiceMock()
        var name = "Ada"
        mock.getUserResult = .computed { User(id: 1, name: name) }
        let first = mock.getUser(id: 1)
        name = "Grace"
        let second = mock.getUser(id: 1)
        XCTAssertEqual(try wait(for: first.record().single, timeout: longTimeout).name, "Ada")
        XCTAssertEqual(try wait(for: second.record().single, timeout: longTimeout).name, "Grace")
    }

    func testGenerate() throws {
        let mock = UserServiceMock()
        mock.progressResult = .generate { emitter in
            emitter.send(25)
            emitter.send(75)
            emitter.finish()
            emitter.send(99) // after the completion: ignored
        }
        XCTAssertEqual(try wait(for: mock.progress().record().elements, timeout: longTimeout), [25, 75])
    }

    func testGenerateHonoursDemand() {
        let mock = UserServiceMock()
        mock.delivery = .immediate
        mock.progressResult = .generate { emitter in
            for value in 1...3 { emitter.send(value) }
            emitter.finish()
        }
        let subscriber = OneAtATimeSubscriber<Int, Never>()
        mock.progress().subscribe(subscriber)
        XCTAssertEqual(subscriber.received, [1])
        subscriber.requestOne()
        XCTAssertEqual(subscriber.received, [1, 2])
        subscriber.requestOne()
        XCTAssertEqual(subscriber.received, [1, 2, 3])
        XCTAssertNotNil(subscriber.completion)
    }

    func testJSON() throws {
        let mock = UserServiceMock()
        mock.getUserResult = .json(#"{"id": 1, "name": "Ada"}"#)
        XCTAssertEqual(try wait(for: mock.getUser(id: 1).record().single, timeout: longTimeout), ada)
    }

    func testJSONFileFromTheTestBundle() throws {
        let mock = UserServiceMock()
        mock.getUserResult = .jsonFile("user", subdirectory: "Fixtures", in: Bundle.module)
        XCTAssertEqual(try wait(for: mock.getUser(id: 7).record().single, timeout: longTimeout), User(id: 7, name: "Grace"))
    }

    func testJSONFileSubdirectoryAndMissingFile() throws {
        var line = 0
        let (failures, recorder) = captureFailures { () -> Recorder<User, APIError> in
            let mock = UserServiceMock(); line = #line
            mock.getUserResult = .jsonFile("missing", subdirectory: "Fixtures", in: Bundle.module)
            return mock.getUser(id: 1).record()
        }
        assertFailures(failures, ["getUser(id:): no file Fixtures/missing.json in bundle "], at: line)
        guard case let .success(recorder) = recorder else { return XCTFail() }
        let error = try wait(for: recorder.failure, timeout: longTimeout)
        guard case .mock(.undecodableJSON(type: "User", _)) = error else { return XCTFail("\(error)") }
    }

    func testBadJSONIsAFailureNamingTypeErrorAndInput() throws {
        var line = 0
        let (failures, result) = captureFailures { () -> Recorder<User, APIError> in
            let mock = UserServiceMock(); line = #line
            mock.getUserResult = .json(#"{"id": "one"}"#)
            return mock.getUser(id: 1).record()
        }
        assertFailures(failures, [#"getUser(id:): cannot decode User from the configured JSON: "#], at: line)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.contains("typeMismatch") || message.contains("keyNotFound"), message)
        XCTAssertTrue(message.hasSuffix(#"Input: {"id": "one"}"#), message)
        guard case let .success(recorder) = result else { return XCTFail() }
        let error = try wait(for: recorder.failure, timeout: longTimeout)
        guard case .mock(.undecodableJSON(type: "User", _)) = error else { return XCTFail("\(error)") }
    }

    // MARK: - Delivery

    func testBackgroundDeliveryIsAsynchronous() throws {
        let mock = UserServiceMock()
        mock.getUserResult = .value(ada)
        let testThread = UncheckedBox(Thread.current)
        let deliveredOnTheTestThread = Flag()
        let recorder = mock.getUser(id: 1)
            .handleEvents(receiveOutput: { _ in
                if Thread.current == testThread.value { deliveredOnTheTestThread.set() }
            })
            .record()
        XCTAssertEqual(try wait(for: recorder.single, timeout: longTimeout), ada)
        XCTAssertFalse(deliveredOnTheTestThread.value, "delivered on a background queue, not during the call")
    }

    func testImmediateDelivery() throws {
        let mock = UserServiceMock()
        mock.delivery = .immediate
        mock.getUserResult = .value(ada)
        XCTAssertEqual(try mock.getUser(id: 1).record().single.get(), ada)
    }

    func testDeliveryOnAScheduler() throws {
        let mock = UserServiceMock()
        mock.delivery = .on(DispatchQueue.main)
        mock.progressResult = .sequence([1, 2])
        let recorder = mock.progress().record()
        XCTAssertEqual(recorder.events.count, 0)
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [1, 2])
    }

    func testCancelStopsDelivery() throws {
        let mock = UserServiceMock()
        mock.progressResult = .generate { emitter in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { emitter.send(1) }
        }
        let recorder = mock.progress().record()
        recorder.cancel()
        try wait(for: recorder.next().inverted, timeout: 0.2)
    }

    // MARK: - Calls

    func testCallsAreRecordedInOrderWithTheirArguments() {
        let mock = UserServiceMock()
        mock.delivery = .immediate
        mock.getUserResult = .value(ada)
        mock.renameResult = .value(User(id: 1, name: "Countess"))
        _ = mock.getUser(id: 1)
        _ = mock.rename(ada, to: "Countess")
        _ = mock.getUser(id: 2)
        XCTAssertEqual(mock.calledFunctions, ["getUser(id:)", "rename(_:to:)", "getUser(id:)"])
        XCTAssertEqual(mock.calls(to: "getUser(id:)").map { $0.argument(0, as: Int.self) }, [1, 2])
        XCTAssertEqual(mock.calls(to: "rename(_:to:)").first?.argument(1, as: String.self), "Countess")
        XCTAssertEqual(mock.calls(to: "rename(_:to:)").first?.argument(0, as: User.self), ada)
        XCTAssertNil(mock.calls(to: "rename(_:to:)").first?.argument(2, as: String.self))
        XCTAssertEqual(mock.calls.map(\.description), [
            "getUser(id:) with (1)",
            #"rename(_:to:) with (User(id: 1, name: "Ada"), "Countess")"#,
            "getUser(id:) with (2)",
        ])
    }

    // MARK: - Unexpected calls

    func testUnexpectedCallIsAFailureAtTheMockCreationLine() throws {
        var line = 0
        let (failures, result) = captureFailures { () -> Recorder<User, APIError> in
            let mock = UserServiceMock(); line = #line
            return mock.getUser(id: 42).record()
        }
        assertFailures(failures, ["unexpected call to getUser(id:) with (42): no MockResult<User, APIError> is configured for it."], at: line)
        guard case let .success(recorder) = result else { return XCTFail() }
        XCTAssertEqual(try wait(for: recorder.failure, timeout: longTimeout), .mock(.unexpectedCall(function: "getUser(id:)")))
    }

    func testUnexpectedCallWithNeverFailingPublisherFinishes() throws {
        let (failures, result) = captureFailures { UserServiceMock().progress().record() }
        XCTAssertEqual(failures.count, 1)
        guard case let .success(recorder) = result else { return XCTFail() }
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [])
    }

    func testUnexpectedCallFromABackgroundThread() throws {
        var line = 0
        let (failures, _) = captureFailures {
            let mock = UserServiceMock(); line = #line
            let box = UncheckedBox(mock)
            onAnotherThread { _ = box.value.getUser(id: 3) }
        }
        assertFailures(failures, ["unexpected call to getUser(id:) with (3)"], at: line)
    }

    func testFreeFunctionReportsAtItsOwnLine() throws {
        struct ForecastMock {
            var result: MockResult<String, MockError>?
            func forecast() -> AnyPublisher<String, MockError> {
                mockPublisher(returning: result)
            }
        }
        let expectedLine = #line - 3
        let (failures, result) = captureFailures { ForecastMock().forecast().record() }
        assertFailures(failures, ["unexpected call to forecast()"], at: expectedLine)
        guard case let .success(recorder) = result else { return XCTFail() }
        XCTAssertEqual(try wait(for: recorder.failure, timeout: longTimeout), .unexpectedCall(function: "forecast()"))
        XCTAssertEqual(try ForecastMock(result: .value("sunny")).forecast().waitForCompletion(timeout: longTimeout), ["sunny"])
    }

    func testMockIsReleased() {
        var mock: UserServiceMock? = UserServiceMock()
        let weakMock = WeakReference(mock)
        mock?.getUserResult = .value(ada)
        let recorder = mock?.getUser(id: 1).record()
        mock = nil
        XCTAssertNil(weakMock.object)
        XCTAssertEqual(try recorder.map { try wait(for: $0.single, timeout: longTimeout) }, ada)
    }
}

@Suite struct PublisherMockSwiftTestingTests {
    @Test func valueAwaited() async throws {
        let mock = UserServiceMock()
        mock.getUserResult = .value(User(id: 1, name: "Ada"))
        let recorder = mock.getUser(id: 1).record()
        #expect(try await wait(for: recorder.single, timeout: 10).name == "Ada")
    }

    @Test("An unexpected call is an issue at the mock's creation line (fails on purpose)", .tags(.failurePath))
    func unexpectedCallIsAnIssueAtTheMockCreationLine() async throws {
        let mock = UserServiceMock(); let line = #line
        var recorder: Recorder<User, APIError>?
        _ = await expectIssues(["unexpected call to getUser(id:) with (5)"], atLine: line) {
            recorder = mock.getUser(id: 5).record()
        }
        let error = try await wait(for: try #require(recorder).failure, timeout: 10)
        #expect(error == .mock(.unexpectedCall(function: "getUser(id:)")))
    }

    @Test("An unexpected call on another thread is delivered when the test reads the calls (fails on purpose)", .tags(.failurePath))
    func unexpectedCallOnAnotherThreadIsDeliveredWhenTheTestReadsTheCalls() async {
        let mock = UserServiceMock(); let line = #line
        let box = UncheckedBox(mock)
        onAnotherThread { _ = box.value.getUser(id: 6) }
        _ = await expectIssues(["unexpected call to getUser(id:) with (6)"], atLine: line) {
            #expect(mock.calledFunctions == ["getUser(id:)"])
        }
    }
}
