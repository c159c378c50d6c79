/// The rules of Combine's subscriber contract that
/// ``assertPublisherContract(_:fileID:filePath:line:column:_:)`` checks.
public enum PublisherContract {
    /// One rule of the contract.
    public enum Rule: String, CaseIterable, Sendable, CustomStringConvertible {
        /// One subscription, sent before anything else: a second
        /// `receive(subscription:)`, or a value or a completion before the
        /// first, breaks it.
        case subscribesOnce
        /// Never more values than the subscriber requested: checked with
        /// the demands `.none` and `.max(1)`, then one more at a time.
        case respectsDemand
        /// At most one completion, and nothing after it.
        case completesOnce
        /// After cancel, no value beyond the demand outstanding at cancel
        /// (checked with none outstanding).
        case stopsAfterCancel
        /// After completion, the subscription and the subscriber are
        /// released: no retain cycle.
        case releasesAfterCompletion
        /// After cancel, the subscription and the subscriber are released.
        case releasesAfterCancel

        /// The rule in words, as failure messages name it.
        public var description: String {
            switch self {
            case .subscribesOnce: return "single subscription (one, before any value or completion)"
            case .respectsDemand: return "demand respected (never more values than requested)"
            case .completesOnce: return "single completion (at most one, and nothing after it)"
            case .stopsAfterCancel: return "cancel stops delivery"
            case .releasesAfterCompletion: return "released after completion (no retain cycle)"
            case .releasesAfterCancel: return "released after cancel (no retain cycle)"
            }
        }
    }
}

/// Checks that the publishers `makePublisher` makes keep Combine's contract
/// with their subscribers, and fails the test, at the caller's line, once
/// per broken rule, naming it.
///
/// ```swift
/// assertPublisherContract {
///     let subject = PassthroughSubject<Int, Never>()
///     return PublisherUnderTest(subject.map { $0 * 2 }) {
///         subject.send(1)
///         subject.send(2)
///         subject.send(completion: .finished)
///     }
/// }
/// ```
///
/// It runs four scenarios, each on a fresh publisher that `drive` makes emit:
/// 1. demand `.none`: no value may arrive;
/// 2. demand `.max(1)`, then `.max(1)` twice more: never more than requested;
/// 3. unlimited demand: one completion at most, nothing after it, and the
///    subscription and the subscriber released after completion;
/// 4. cancel before driving, with no demand outstanding: no value may
///    arrive, and the subscription and the subscriber are released.
///
/// In every scenario, one subscription must come before anything else.
/// Each scenario ends by dropping its recorder, which cancels: what the
/// publisher sends then is checked too. The scenarios' recorders report
/// nothing on their own; the check files what they saw under the rule it
/// breaks, and names the first scenario that broke it.
///
/// - parameter rules: The rules to check; all by default.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
/// - parameter makePublisher: Makes a fresh publisher under test, and its driver.
/// - returns: The broken rules, in the order of ``PublisherContract/Rule``.
@discardableResult
public func assertPublisherContract<P: Publisher>(
    _ rules: [PublisherContract.Rule] = PublisherContract.Rule.allCases,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ makePublisher: () -> PublisherUnderTest<P>
) -> [PublisherContract.Rule] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var check = ContractCheck(site: site)
    check.run("demand .none", demand: .none, makePublisher)
    check.run("demand .max(1)", demand: .max(1), extraRequests: 2, makePublisher)
    check.run("unlimited demand", demand: .unlimited, makePublisher)
    check.run("cancel before driving", demand: .none, cancelsFirst: true, makePublisher)
    check.noteViolationsAtRelease()
    let broken = PublisherContract.Rule.allCases.filter { rules.contains($0) && check.violations[$0] != nil }
    for rule in broken {
        FailureReporter.fail("Publisher contract broken — \(rule): \(check.violations[rule]!)", at: site)
    }
    return broken
}

/// Checks that `publisher`, remade for each scenario, keeps Combine's
/// contract: the form for publishers that emit when subscribed.
///
/// ```swift
/// assertPublisherContract(of: [1, 2, 3].publisher.map { $0 * 2 })
/// ```
///
/// See ``assertPublisherContract(_:fileID:filePath:line:column:_:)``.
///
/// - parameter publisher: The publisher; evaluated once per scenario.
/// - parameter rules: The rules to check; all by default.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
/// - returns: The broken rules.
@discardableResult
public func assertPublisherContract<P: Publisher>(
    of publisher: @autoclosure () -> P,
    _ rules: [PublisherContract.Rule] = PublisherContract.Rule.allCases,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [PublisherContract.Rule] {
    assertPublisherContract(rules, fileID: fileID, filePath: filePath, line: line, column: column) {
        PublisherUnderTest(publisher())
    }
}

/// The scenarios of a contract check, and the first violation of each rule.
///
/// The recorders of the scenarios never report on their own: their misuse
/// goes to a ``MisuseSink``, and the check files it under the rule it
/// breaks, so that a broken rule is one failure.
private struct ContractCheck {
    let site: CallSite
    var violations: [PublisherContract.Rule: String] = [:]
    /// Violations seen when a scenario's recorder went away (its release
    /// cancels the subscription): noted after every scenario ran, so that a
    /// scenario that checks the rule on purpose is the one a failure names.
    private var atRelease: [(report: MisuseReport, scenario: String)] = []

    init(site: CallSite) {
        self.site = site
    }

    mutating func note(_ rule: PublisherContract.Rule, _ scenario: String, _ detail: String) {
        if violations[rule] == nil { violations[rule] = "in scenario «\(scenario)», \(detail)" }
    }

    /// Notes what the publishers sent as their recorders went away.
    mutating func noteViolationsAtRelease() {
        for (report, scenario) in atRelease { note(report, scenario, atRelease: true) }
        atRelease = []
    }

    mutating func run<P: Publisher>(
        _ scenario: String, demand: Subscribers.Demand, extraRequests: Int = 0, cancelsFirst: Bool = false,
        _ makePublisher: () -> PublisherUnderTest<P>
    ) {
        let fixture = makePublisher()
        let sink = MisuseSink()
        let storageReference: WeakReference
        let phase: RecorderPhase
        let subscriptionAlive: Bool
        let subscriptionType: String
        do {
            let recorder = Recorder<P.Output, P.Failure>(
                site: site, exhaustive: false, demand: DemandPlan(initial: demand, perValue: .none))
            recorder.storage.state.withLock { $0.misuseSink = sink }
            storageReference = WeakReference(recorder.storage)
            // While the recorder is alive: what the scenario itself saw.
            let reports: [MisuseReport]
            (phase, subscriptionAlive, subscriptionType, reports) = withExtendedLifetime(recorder) {
                fixture.publisher.subscribe(recorder.storage)
                if cancelsFirst { recorder.cancel() }
                fixture.drive()
                for _ in 0..<extraRequests { recorder.request(.max(1)) }
                let (phase, alive, type) = recorder.storage.state.withLock { state in
                    (state.phase, state.receivedSubscription != nil, state.receivedSubscriptionTypeName ?? "?")
                }
                return (phase, alive, type, sink.take())
            }
            for report in reports { note(report, scenario, atRelease: false) }
        }
        // The recorder is gone, and its release cancelled the subscription:
        // whatever the publisher sent then is in the sink.
        atRelease += sink.take().map { ($0, scenario) }
        // The publisher and its driver are still alive: a completed or
        // cancelled subscription keeps nothing.
        let releaseRule: PublisherContract.Rule? = cancelsFirst
            ? .releasesAfterCancel : (phase == .completed ? .releasesAfterCompletion : nil)
        withExtendedLifetime(fixture) {
            guard let releaseRule else { return }
            let event = releaseRule == .releasesAfterCancel ? "cancel" : "completion"
            if subscriptionAlive {
                note(releaseRule, scenario, "the subscription (\(subscriptionType)) is still alive after \(event): "
                    + "something keeps it (the publisher, an operator, a retain cycle).")
            } else if storageReference.object != nil {
                note(releaseRule, scenario, "the subscriber is still alive after \(event), though the test dropped it: "
                    + "the publisher or its subscription keeps it.")
            }
        }
    }

    /// Notes a misuse report under the rule it breaks.
    private mutating func note(_ report: MisuseReport, _ scenario: String, atRelease: Bool) {
        if let rule = Self.rule(of: report.misuse) {
            let when = atRelease ? "when the recorder went away (which cancels its subscription), " : ""
            note(rule, scenario, when + Self.detail(of: report))
        } else {
            // Not the publisher's doing (no recorder of a check has one):
            // said as it is, never filed under a rule it did not break.
            FailureReporter.fail(report.text, at: site)
        }
    }

    private static func rule(of misuse: RecorderStorageMisuse) -> PublisherContract.Rule? {
        switch misuse.kind {
        case .secondSubscription?, .eventBeforeSubscription?: return .subscribesOnce
        case .valueBeyondDemand?: return .respectsDemand
        case .eventAfterCompletion?: return .completesOnce
        case .valueAfterCancel?: return .stopsAfterCancel
        case nil: return nil
        }
    }

    /// The misuse report without the recorder's headline words.
    private static func detail(of report: MisuseReport) -> String {
        if report.misuse.kind == .secondSubscription {
            return report.text.replacingOccurrences(
                of: "Publisher recorder is already subscribed", with: "the subscriber got a second subscription")
        }
        return report.text.replacingOccurrences(of: "Publisher recorder got ", with: "the subscriber got ")
    }
}
