import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// The `URLProtocol` that answers the requests of a ``NetworkStub``'s
/// sessions.
///
/// A protocol class cannot tell which session a request comes from, and
/// tests run in parallel: each live `NetworkStub` therefore claims one of a
/// fixed set of subclasses (a slot), and its sessions use that subclass only.
///
/// `URLProtocol` is not `Sendable`; URLSession calls `startLoading` and
/// `stopLoading` on its own queue, and this class's only state, the pending
/// work item, is behind a lock.
class StubURLProtocol: URLProtocol {
    /// The slot this class serves.
    class var slot: Int { -1 }

    private let pending = Locked<DispatchWorkItem?>(nil)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = StubRouter.router(inSlot: Self.slot)?.answer(request)
            ?? .error(URLError(.cancelled))
        // The answer may come later, from another queue: this instance's only
        // state is behind a lock, and its client accepts calls from any thread.
        let protocolBox = UncheckedSendable(self)
        let work = DispatchWorkItem { protocolBox.value.deliver(response) }
        pending.withLock { $0 = work }
        if response.delay > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + response.delay, execute: work)
        } else {
            work.perform()
        }
    }

    override func stopLoading() {
        pending.withLock { pending in
            pending?.cancel()
            pending = nil
        }
    }

    private func deliver(_ response: StubResponse) {
        guard let client else { return }
        switch response.answer {
        case let .failure(error):
            client.urlProtocol(self, didFailWithError: error)
        case let .http(status, headers, body):
            guard let url = request.url,
                  let httpResponse = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client.urlProtocol(self, didFailWithError: URLError(.badURL))
                return
            }
            client.urlProtocol(self, didReceive: httpResponse, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty {
                client.urlProtocol(self, didLoad: body)
            }
            client.urlProtocolDidFinishLoading(self)
        }
    }

    /// The classes of the slots, in slot order.
    static let slotClasses: [StubURLProtocol.Type] = [
        StubURLProtocol0.self, StubURLProtocol1.self, StubURLProtocol2.self, StubURLProtocol3.self,
        StubURLProtocol4.self, StubURLProtocol5.self, StubURLProtocol6.self, StubURLProtocol7.self,
        StubURLProtocol8.self, StubURLProtocol9.self, StubURLProtocol10.self, StubURLProtocol11.self,
        StubURLProtocol12.self, StubURLProtocol13.self, StubURLProtocol14.self, StubURLProtocol15.self,
    ]
}

final class StubURLProtocol0: StubURLProtocol { override class var slot: Int { 0 } }
final class StubURLProtocol1: StubURLProtocol { override class var slot: Int { 1 } }
final class StubURLProtocol2: StubURLProtocol { override class var slot: Int { 2 } }
final class StubURLProtocol3: StubURLProtocol { override class var slot: Int { 3 } }
final class StubURLProtocol4: StubURLProtocol { override class var slot: Int { 4 } }
final class StubURLProtocol5: StubURLProtocol { override class var slot: Int { 5 } }
final class StubURLProtocol6: StubURLProtocol { override class var slot: Int { 6 } }
final class StubURLProtocol7: StubURLProtocol { override class var slot: Int { 7 } }
final class StubURLProtocol8: StubURLProtocol { override class var slot: Int { 8 } }
final class StubURLProtocol9: StubURLProtocol { override class var slot: Int { 9 } }
final class StubURLProtocol10: StubURLProtocol { override class var slot: Int { 10 } }
final class StubURLProtocol11: StubURLProtocol { override class var slot: Int { 11 } }
final class StubURLProtocol12: StubURLProtocol { override class var slot: Int { 12 } }
final class StubURLProtocol13: StubURLProtocol { override class var slot: Int { 13 } }
final class StubURLProtocol14: StubURLProtocol { override class var slot: Int { 14 } }
final class StubURLProtocol15: StubURLProtocol { override class var slot: Int { 15 } }
#endif
