// Compile-only stand-ins for the Combine API that OpenCombine 0.14 lacks and
// the tests use: `collect(_:options:)` by time, with Apple's documented
// signatures (Publishers.TimeGroupingStrategy, Publishers.CollectByTime).
// They let the Apple-only scenarios of
// Tests/CombineProbeTests/VirtualTime/TimeScenarios.swift compile in this
// lane; the tests never run them here. Should one run by mistake, its
// timeline shows it at once: this publisher publishes nothing and finishes.
import OpenCombine

extension Publishers {
    /// Apple's strategy for collecting received elements.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// A grouping that collects and periodically publishes items.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// A grouping that collects and publishes items periodically or when
        /// a buffer reaches a maximum size.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// Apple's publisher that buffers and periodically publishes its items;
    /// here a stand-in that finishes at once.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// The strategy with which to collect and publish elements.
        public let strategy: TimeGroupingStrategy<Context>
        /// Scheduler options to use for the strategy.
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            Empty<Output, Failure>().receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    /// Apple's `collect(_:options:)` by time; here a stand-in (see above).
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}
