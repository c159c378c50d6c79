import AppCore
import CombineProbe
import Testing
import XCTest

// Order bug 2, double submit: `CheckoutModel` ignores a second tap on
// "Place order" only once the confirmation came back. The deterministic
// test passes: its shop answers in 100 ms, before the user taps again at
// 250 ms. Exploring lets the answer come after 400 ms instead, and the
// second tap places a second order.
//
// The model is `@MainActor`, so is its scenario, and its scheduler is made
// with `actionsOn: .mainActor`, as one that stands in for the main queue
// should be.

/// The checkout screen, buggy or fixed: what the scenario needs of it.
@MainActor
protocol CheckoutScreen: AnyObject {
    var confirmation: OrderConfirmation? { get }
    func placeOrder()
}

extension CheckoutModel: CheckoutScreen {}
extension CheckoutModelFixed: CheckoutScreen {}

/// The most schedules the checkout exploration needs to find the bug (see
/// `OrderBugRobustnessTests`).
let doubleSubmitBudget = 10

/// What the scenario saw: how many orders went to the shop, and the
/// confirmation shown.
struct CheckoutOutcome: Hashable {
    var ordersSent: Int
    var confirmation: OrderConfirmation?
}

/// One order sent, its confirmation shown.
let oneOrder = CheckoutOutcome(ordersSent: 1, confirmation: OrderConfirmation(number: "A-1"))

/// The user taps "Place order", then taps again 250 ms later; the shop
/// answers after 100 to 400 ms.
@MainActor
func tapTwice(_ screenUnderTest: (any OrderPlacing, VirtualSchedulerOf<DispatchQueue>) -> any CheckoutScreen) -> CheckoutOutcome {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
    let shop = OrderPlacingMock()
    shop.defaultDelivery = .after(between: .milliseconds(100) ... .milliseconds(400), on: scheduler)
    shop.placeOrderResult = .value(OrderConfirmation(number: "A-1"))
    let model = screenUnderTest(shop, scheduler)
    model.placeOrder()
    scheduler.advance(by: .milliseconds(250))
    model.placeOrder()
    scheduler.run()
    return CheckoutOutcome(ordersSent: shop.callCount(to: "placeOrder(cartID:)"), confirmation: model.confirmation)
}

/// ``tapTwice(_:)`` from an async test: time moves with the async
/// `advance` and `run`.
@MainActor
func tapTwiceAsync(_ screenUnderTest: (any OrderPlacing, VirtualSchedulerOf<DispatchQueue>) -> any CheckoutScreen) async -> CheckoutOutcome {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
    let shop = OrderPlacingMock()
    shop.defaultDelivery = .after(between: .milliseconds(100) ... .milliseconds(400), on: scheduler)
    shop.placeOrderResult = .value(OrderConfirmation(number: "A-1"))
    let model = screenUnderTest(shop, scheduler)
    model.placeOrder()
    await scheduler.advance(by: .milliseconds(250))
    model.placeOrder()
    await scheduler.run()
    return CheckoutOutcome(ordersSent: shop.callCount(to: "placeOrder(cartID:)"), confirmation: model.confirmation)
}

final class CheckoutOrderTests: ExampleTestCase {
    /// The test a team writes: it passes, the bug ships.
    @MainActor
    func testTheDeterministicTestPasses() {
        XCTAssertEqual(tapTwice { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) }, oneOrder)
    }

    @MainActor
    func testExploringFindsTheDoubleSubmit() async throws {
        var outcome = oneOrder
        let result = await ScheduleExploration(schedules: doubleSubmitBudget, seed: 1).run { _ in
            outcome = await tapTwiceAsync { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) }
            return outcome == oneOrder
        }
        let failure = try XCTUnwrap(result.failure, result.report)
        print(result.report)
        XCTAssertLessThanOrEqual(failure.schedule.number, doubleSubmitBudget)
        XCTAssertEqual(outcome.ordersSent, 2, "the second tap placed a second order")
        XCTAssertEqual(failure.deviations, [
            "the answer to placeOrder(cartID:) with (\"cart-7\") came after 400ms (the upper bound), not 100ms",
        ])
    }

    /// The second tap sends nothing, so the one order's latency is the only
    /// choice: two schedules, both run.
    @MainActor
    func testTheFixPassesEverySchedule() async {
        let result = await ScheduleExploration(seed: 1).run { _ in
            await tapTwiceAsync { CheckoutModelFixed(cartID: "cart-7", service: $0, scheduler: $1) } == oneOrder
        }
        XCTAssertNil(result.failure, result.report)
        XCTAssertTrue(result.coveredEverySchedule, result.report)
        XCTAssertEqual(result.schedulesRun, 2)
    }

    /// The fix, as a team would keep its test once it knows: explored in
    /// every run of the suite, an async body on the main actor.
    @MainActor
    func testTheFixPassesEveryScheduleOfTheTest() async {
        await exploreSchedules(doubleSubmitBudget) { _ in
            let outcome = await tapTwiceAsync { CheckoutModelFixed(cartID: "cart-7", service: $0, scheduler: $1) }
            XCTAssertEqual(outcome, oneOrder)
        }
    }
}

@Suite struct CheckoutOrderSwiftTests {
    @Test @MainActor func theDeterministicTestPasses() async {
        #expect(await tapTwiceAsync { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) } == oneOrder)
    }

    @Test @MainActor func exploringFindsTheDoubleSubmit() throws {
        let result = ScheduleExploration(schedules: doubleSubmitBudget, seed: 1).run { _ in
            tapTwice { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) } == oneOrder
        }
        let failure = try #require(result.failure)
        #expect(failure.schedule.number <= doubleSubmitBudget)
        #expect(failure.deviations.first?.contains("placeOrder(cartID:) with (\"cart-7\")") == true, "\(failure.deviations)")
    }

    @Test @MainActor func theFixPassesEverySchedule() {
        exploreSchedules(doubleSubmitBudget) { _ in
            #expect(tapTwice { CheckoutModelFixed(cartID: "cart-7", service: $0, scheduler: $1) } == oneOrder)
        }
    }

    @Test @MainActor func theFixPassesEveryScheduleAsync() async {
        await exploreSchedules(doubleSubmitBudget) { _ in
            #expect(await tapTwiceAsync { CheckoutModelFixed(cartID: "cart-7", service: $0, scheduler: $1) } == oneOrder)
        }
    }
}
