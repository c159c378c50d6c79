extension Recorder {
    /// A recorder that no publisher feeds: the library feeds it through its
    /// storage (a ``Probe``, a mock's calls). It is subscribed already, so
    /// what it is given is recorded as from a publisher.
    static func standalone(at site: CallSite, exhaustive: Bool? = nil) -> Recorder {
        let recorder = Recorder(site: site, exhaustive: exhaustive)
        recorder.storage.receive(subscription: StandaloneSubscription())
        return recorder
    }
}

/// The subscription of a standalone recorder: there is no publisher to ask
/// for values or to cancel.
struct StandaloneSubscription: Subscription {
    let combineIdentifier = CombineIdentifier()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}
