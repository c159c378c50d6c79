import CombineProbe
import Foundation
import XCTest

/// What a test drops is released: recorders, the publishers they record,
/// mocks and their publishers, network stubs. No retain cycle through
/// closures.
final class LeakTests: FailureCapturingTestCase {
    /// A publisher that is a class, so that its lifetime can be observed.
    // @unchecked Sendable: its only state is a `let` subject, which locks its own state.
    final class Source: Publisher, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = Never
        let subject = PassthroughSubject<Int, Never>()

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }
    }

    func testRecorderAndPublisherAreReleased() throws {
        weak var weakRecorder: Recorder<Int, Never>?
        weak var weakSource: Source?
        do {
            let source = Source()
            let recorder = source.record()
            source.subject.send(1)
            XCTAssertEqual(try recorder.next().get(), 1)
            weakRecorder = recorder
            weakSource = source
        }
        XCTAssertNil(weakRecorder)
        XCTAssertNil(weakSource)
    }

    func testRecorderOfAPipelineWithCapturingClosuresIsReleased() throws {
        // @unchecked Sendable: no stored state at all.
        final class Formatter: @unchecked Sendable {
            func format(_ value: Int) -> String { "#\(value)" }
        }
        weak var weakRecorder: Recorder<String, Never>?
        weak var weakFormatter: Formatter?
        weak var weakSource: Source?
        do {
            let formatter = Formatter()
            let source = Source()
            let recorder = source
                .map { formatter.format($0) }
                .handleEvents(receiveOutput: { _ in _ = formatter })
                .record()
            source.subject.send(1)
            XCTAssertEqual(try recorder.next().get(), "#1")
            _ = try wait(for: recorder.availableElements, timeout: 0.01)
            weakRecorder = recorder
            weakFormatter = formatter
            weakSource = source
        }
        XCTAssertNil(weakRecorder)
        XCTAssertNil(weakFormatter)
        XCTAssertNil(weakSource)
    }

    func testRecorderIsReleasedAfterAnAsyncWait() async throws {
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let recorder = PassthroughSubject<Int, Never>().record()
            try await wait(for: recorder.next().inverted, timeout: 0.01)
            weakRecorder = recorder
        }
        XCTAssertNil(weakRecorder, "the async waiter keeps no reference")
    }

    func testMockAndItsPublishersAreReleased() throws {
        weak var weakMock: UserServiceMock?
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let mock = UserServiceMock()
            mock.progressResult = .generate { emitter in
                emitter.send(1)
                emitter.finish()
            }
            let recorder = mock.progress().record()
            XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [1])
            weakMock = mock
            weakRecorder = recorder
        }
        XCTAssertNil(weakMock)
        XCTAssertNil(weakRecorder)
    }

    func testPendingMockPublisherReleasesItsSubscriberOnCancel() {
        weak var weakRecorder: Recorder<Int, Never>?
        let mock = UserServiceMock()
        mock.progressResult = .never
        do {
            let recorder = mock.progress().record()
            weakRecorder = recorder
        }
        XCTAssertNil(weakRecorder)
    }

    #if !os(watchOS)
    func testNetworkStubIsReleased() throws {
        weak var weakStub: NetworkStub?
        do {
            let network = NetworkStub()
            network.stub("https://api.example.com/x", with: .status(200))
            let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/x").record()
            _ = try wait(for: recorder.single, timeout: longTimeout)
            weakStub = network
        }
        XCTAssertNil(weakStub)
    }
    #endif
}
