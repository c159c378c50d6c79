import CombineProbe
import Foundation
import Testing
import XCTest

/// `assertPublisherContract`: each broken rule is caught with its name;
/// correct operators pass.
final class PublisherContractTests: FailureCapturingTestCase {
    func testCorrectOperatorsPass() {
        let (failures, _) = captureFailures {
            assertPublisherContract(of: [1, 2, 3].publisher.map { $0 * 2 })
            assertPublisherContract(of: [1, 2, 3].publisher.prefix(2))
            assertPublisherContract(of: [1, 2, 3].publisher.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest))
            assertPublisherContract(of: [1, 2].publisher.flatMap(maxPublishers: .max(1)) { [$0, $0 * 10].publisher })
            assertPublisherContract {
                let subject = PassthroughSubject<Int, Never>()
                return PublisherUnderTest(subject.map { $0 + 1 }) {
                    subject.send(1)
                    subject.send(2)
                    subject.send(completion: .finished)
                }
            }
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testAPublisherThatIgnoresDemandIsCaught() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.ignoresDemand).underTest }
        }
        assertFailures(failures, ["Publisher contract broken — demand respected (never more values than requested): in scenario «demand .none», the subscriber got a value beyond demand: 1"], at: #line - 2)
        XCTAssertEqual(try result.get(), [.respectsDemand])
    }

    func testAPublisherThatCompletesTwiceIsCaught() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.completesTwice).underTest }
        }
        assertFailures(failures, ["Publisher contract broken — single completion (at most one, and nothing after it): in scenario «demand .none», the subscriber got unexpected completion after completion"], at: #line - 2)
        XCTAssertEqual(try result.get(), [.completesOnce])
    }

    func testAPublisherThatKeepsSendingAfterCancelIsCaught() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.keepsSendingAfterCancel).underTest }
        }
        XCTAssertEqual(try result.get(), [.respectsDemand, .stopsAfterCancel])
        assertFailures(failures, [
            "Publisher contract broken — demand respected",
            "Publisher contract broken — cancel stops delivery: in scenario «cancel before driving», the subscriber got a value after cancel, beyond the demand outstanding at cancel: 1",
        ], at: #line - 6)
    }

    func testAPublisherThatRetainsItsSubscriberIsCaught() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.retainsSubscriber).underTest }
        }
        XCTAssertEqual(try result.get(), [.releasesAfterCompletion, .releasesAfterCancel])
        assertFailures(failures, [
            "Publisher contract broken — released after completion (no retain cycle): in scenario «demand .none», the subscription (FaultySubscription) is still alive after completion",
            "Publisher contract broken — released after cancel (no retain cycle): in scenario «cancel before driving», the subscription (FaultySubscription) is still alive after cancel",
        ], at: #line - 6)
    }

    /// Issue 29, item 9: the values a cancel delivers as the «demand .none»
    /// recorder goes away are one failure, under the rule they break, not
    /// raw failures of the scenario's recorder.
    func testAPublisherThatDeliversItsBufferOnCancelIsOneFailure() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.deliversBufferOnCancel).underTest }
        }
        XCTAssertEqual(try result.get(), [.stopsAfterCancel])
        assertFailures(failures, [
            "Publisher contract broken — cancel stops delivery: in scenario «demand .none», when the recorder went away "
                + "(which cancels its subscription), the subscriber got a value after cancel, beyond the demand outstanding at cancel: 1 "
                + "(recorder created at CombineProbeTests/PublisherContractTests.swift:\(#line - 6)",
        ], at: #line - 7)
    }

    /// Issue 29, item 10: a second subscription breaks its own rule.
    func testAPublisherThatSubscribesTwiceIsCaught() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.subscribesTwice).underTest }
        }
        XCTAssertEqual(try result.get(), [.subscribesOnce])
        assertFailures(failures, [
            "Publisher contract broken — single subscription (one, before any value or completion): in scenario «demand .none», "
                + "the subscriber got a second subscription (recorder created at CombineProbeTests/PublisherContractTests.swift:\(#line - 5)",
        ], at: #line - 6)
        XCTAssertTrue(failures.first?.message.hasSuffix("a recorder records one publisher. The second subscription was cancelled.") == true,
                      "\(failures)")
    }

    func testAPublisherThatSendsBeforeTheSubscriptionIsCaught() {
        let (failures, result) = captureFailures {
            assertPublisherContract { FaultyPublisher(.sendsBeforeSubscription).underTest }
        }
        XCTAssertEqual(try result.get(), [.subscribesOnce])
        assertFailures(failures, [
            "Publisher contract broken — single subscription (one, before any value or completion): in scenario «demand .none», "
                + "the subscriber got unexpected input before subscription: 0",
        ], at: #line - 6)
    }

    func testOnlyTheChosenRulesAreChecked() {
        let (failures, _) = captureFailures {
            assertPublisherContract([.completesOnce]) { FaultyPublisher(.ignoresDemand).underTest }
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testACorrectHandWrittenPublisherPasses() {
        let (failures, _) = captureFailures {
            assertPublisherContract { FaultyPublisher(.none).underTest }
        }
        XCTAssertEqual(failures.map(\.message), [])
    }
}

@Suite struct PublisherContractSwiftTests {
    @Test func correctOperatorsPass() {
        assertPublisherContract(of: [1, 2, 3].publisher.map { $0 * 2 })
        assertPublisherContract(of: [1, 2, 3].publisher.prefix(2))
        assertPublisherContract(of: [1, 2, 3].publisher.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest))
        assertPublisherContract(of: [1, 2].publisher.flatMap(maxPublishers: .max(1)) { [$0, $0 * 10].publisher })
    }

    @Test("A publisher that completes twice is an issue (fails on purpose)", .tags(.failurePath))
    func aPublisherThatCompletesTwiceIsAnIssue() async {
        _ = await expectIssues(["Publisher contract broken — single completion"], atLine: #line + 1) {
            assertPublisherContract { FaultyPublisher(.completesTwice).underTest }
        }
    }

    @Test("A publisher that delivers its buffer on cancel is one issue (fails on purpose)", .tags(.failurePath))
    func aPublisherThatDeliversItsBufferOnCancelIsOneIssue() async {
        _ = await expectIssues([
            "Publisher contract broken — cancel stops delivery: in scenario «demand .none», when the recorder went away",
        ], atLine: #line + 1) {
            #expect(assertPublisherContract {
                FaultyPublisher(.deliversBufferOnCancel).underTest
            } == [.stopsAfterCancel])
        }
    }

    @Test("A publisher that subscribes twice is an issue under its rule (fails on purpose)", .tags(.failurePath))
    func aPublisherThatSubscribesTwiceIsAnIssueUnderItsRule() async {
        _ = await expectIssues([
            "Publisher contract broken — single subscription (one, before any value or completion): "
                + "in scenario «demand .none», the subscriber got a second subscription",
        ], atLine: #line + 1) {
            #expect(assertPublisherContract([.subscribesOnce, .completesOnce]) {
                FaultyPublisher(.subscribesTwice).underTest
            } == [.subscribesOnce])
        }
    }

    @Test("A publisher that retains its subscriber is an issue (fails on purpose)", .tags(.failurePath))
    func aPublisherThatRetainsItsSubscriberIsAnIssue() async {
        _ = await expectIssues([
            "Publisher contract broken — released after completion",
            "Publisher contract broken — released after cancel",
        ], atLine: #line + 1) {
            assertPublisherContract { FaultyPublisher(.retainsSubscriber).underTest }
        }
    }
}
