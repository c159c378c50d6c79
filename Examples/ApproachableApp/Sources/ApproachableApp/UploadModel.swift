import Foundation

/// Where an upload is: a value the tests compare.
///
/// In this target, whose default isolation is the main actor, a type's
/// conformances are isolated to the main actor too (SE-0470,
/// `InferIsolatedConformances`): an `Equatable` main-actor type could not be
/// compared in a test's predicate or record assertion, which runs where the
/// publisher delivers ("main actor-isolated conformance … cannot be used in
/// nonisolated context"). `nonisolated` keeps a plain value type, and its
/// conformances, usable from any isolation.
public nonisolated enum UploadState: Equatable, Sendable {
    case idle
    case uploading
    case failed
    case done
}

/// An upload button: the upload takes two seconds on the injected
/// scheduler, then fails or succeeds.
public final class UploadModel<S: Scheduler> {
    /// Where the upload is.
    @Published public private(set) var state = UploadState.idle

    private let scheduler: S
    private var pending: (any Cancellable)?

    /// - parameter scheduler: Where the upload's answer comes: the main
    ///   queue in the app.
    public init(scheduler: S) {
        self.scheduler = scheduler
    }

    /// Starts an upload, which fails or succeeds after two seconds.
    public func upload(succeeds: Bool) {
        state = .uploading
        pending = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2)), interval: .seconds(3600)) { [weak self] in
            self?.finish(succeeds: succeeds)
        }
    }

    private func finish(succeeds: Bool) {
        pending?.cancel()
        pending = nil
        state = succeeds ? .done : .failed
    }
}
