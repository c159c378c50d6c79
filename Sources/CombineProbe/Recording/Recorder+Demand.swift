extension Publisher {
    /// Subscribes a ``Recorder`` whose demand the test controls, and returns
    /// it: the way to test a publisher or an operator you write.
    ///
    /// ```swift
    /// let recorder = [1, 2, 3].publisher.record(demand: .max(1))
    /// XCTAssertEqual(recorder.events, [.value(1)])
    /// recorder.request(.max(2))
    /// XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
    /// ```
    ///
    /// The recorder requests `demand` when the publisher sends its
    /// subscription (nothing for `.none`), ``Recorder/request(_:fileID:filePath:line:column:)``
    /// requests more, and each value may return `demandPerValue`. Every
    /// request is written in the ``Recorder/demandLedger``, which failure
    /// messages quote.
    ///
    /// A value that arrives while no demand is outstanding breaks Combine's
    /// contract: it is reported as a test failure at this line, with the
    /// ledger, and recorded all the same. After ``Recorder/cancel()``, the
    /// values in flight are tolerated up to the demand outstanding when
    /// cancel was called; a value beyond it is reported. A completion after
    /// cancel is tolerated.
    ///
    /// - parameter demand: The demand requested when subscribed: `.none`,
    ///   `.max(n)` or `.unlimited`.
    /// - parameter demandPerValue: The demand returned for each value
    ///   received; `.none` by default.
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    /// - returns: The subscribed recorder.
    public func record(
        demand: Subscribers.Demand,
        demandPerValue: Subscribers.Demand = .none,
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Output, Failure> {
        let recorder = Recorder<Output, Failure>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            exhaustive: exhaustive, demand: DemandPlan(initial: demand, perValue: demandPerValue))
        subscribe(recorder.storage)
        return recorder
    }

    /// Subscribes a ``Recorder`` whose demand the test controls, and whose
    /// events and demand ledger are stamped with the virtual time of
    /// `scheduler`.
    ///
    /// ```swift
    /// let recorder = ticks.record(demand: .max(1), timedBy: scheduler)
    /// ```
    ///
    /// See `record(demand:demandPerValue:exhaustive:)` for the demand rules.
    ///
    /// - parameter demand: The demand requested when subscribed.
    /// - parameter demandPerValue: The demand returned for each value received.
    /// - parameter scheduler: The virtual scheduler whose time stamps the events.
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    /// - returns: The subscribed recorder.
    public func record<T, O>(
        demand: Subscribers.Demand,
        demandPerValue: Subscribers.Demand = .none,
        timedBy scheduler: VirtualScheduler<T, O>,
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Output, Failure> {
        let recorder = Recorder<Output, Failure>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            clock: scheduler.elapsedReader, exhaustive: exhaustive,
            demand: DemandPlan(initial: demand, perValue: demandPerValue))
        subscribe(recorder.storage)
        return recorder
    }
}

extension Recorder {
    /// Requests more values from the recorded publisher, for a recorder made
    /// with `record(demand:)`.
    ///
    /// ```swift
    /// let recorder = subject.record(demand: .none)
    /// recorder.request(.max(1))
    /// ```
    ///
    /// Synchronous publishers deliver during the call. A request before the
    /// subscription arrives is added to the initial demand; after completion
    /// or cancel it does nothing. Requesting `.none` (which Combine forbids),
    /// or requesting from a recorder that already asked for unlimited demand
    /// (`record()`, `record(demand: .unlimited)`, or an earlier
    /// `request(.unlimited)`), fails the test at the caller's line and
    /// requests nothing.
    ///
    /// - parameter demand: The demand to add: `.max(n)` with n > 0, or
    ///   `.unlimited`.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func request(
        _ demand: Subscribers.Demand,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        storage.deliverPendingMisuse()
        guard demand != .none else {
            FailureReporter.fail(
                "recorder.request(.none): Combine requires a positive demand; nothing was requested.", at: site)
            return
        }
        let time = storage.clock?()
        let outcome: DemandRequestOutcome = storage.state.withLock { state in
            guard let account = state.demand else { return .notCounting }
            // Unlimited demand stays unlimited: nothing more can be asked,
            // whatever the phase.
            if account.outstanding == .unlimited { return .alreadyUnlimited(ledger: account.quotedLedger) }
            switch state.phase {
            case .awaitingSubscription:
                account.request(demand, count: state.elements.count, at: time)
                return .nothing
            case .subscribed:
                account.request(demand, count: state.elements.count, at: time)
                return state.subscription.map(DemandRequestOutcome.request) ?? .nothing
            case .completed, .cancelled:
                return .nothing
            }
        }
        switch outcome {
        case let .request(subscription):
            subscription.request(demand)
        case .nothing:
            break
        case .notCounting:
            FailureReporter.fail(
                "recorder.request(\(DemandCount(demand))): this recorder already requested unlimited demand; "
                    + "create it with record(demand:) to control demand. Nothing was requested.",
                at: site)
        case let .alreadyUnlimited(ledger):
            FailureReporter.fail(
                "recorder.request(\(DemandCount(demand))): this recorder already requested unlimited demand, "
                    + "which no request can raise. Nothing was requested. Demand ledger: \(ledger).",
                at: site)
        }
    }

    /// What the test requested, and when, for a recorder made with
    /// `record(demand:)`: the initial demand, each ``request(_:fileID:filePath:line:column:)``,
    /// the demand returned per value, cancel, and the values the contract
    /// does not allow. Empty for a recorder that requests unlimited demand.
    ///
    /// ```swift
    /// XCTAssertEqual(recorder.demandLedger.map(\.kind), [.initial, .requested])
    /// ```
    public var demandLedger: [DemandEntry] {
        storage.deliverPendingMisuse()
        return storage.state.withLock { $0.demand?.ledger ?? [] }
    }

    /// The demand the recorder requested and the publisher has not used yet:
    /// always `.unlimited` for a recorder made with `record()`.
    public var outstandingDemand: Subscribers.Demand {
        storage.state.withLock { $0.demand?.outstanding ?? .unlimited }
    }
}

/// What `request(_:)` does once it leaves the recorder's lock.
private enum DemandRequestOutcome {
    case request(any Subscription)
    case nothing
    case notCounting
    /// A recorder made with `record(demand:)` that asked for `.unlimited`,
    /// and the ledger that says when.
    case alreadyUnlimited(ledger: String)
}
