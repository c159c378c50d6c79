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
/// tests run in parallel: each live `NetworkStub` therefore claims a slot, and
/// its sessions use a protocol class of their own, which serves that slot
/// only. The classes are specializations of one generic class, made on
/// demand (`SlotIndex` spells the slot number in binary, in types), so there
/// is no ceiling on how many stubs are alive at once; freed slots are
/// reused, so the number of classes is the largest number of stubs alive at
/// one time.
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

    /// The protocol class that serves `slot`.
    static func serving(_ slot: Int) -> StubURLProtocol.Type {
        func specialize<Index: SlotIndex>(_: Index.Type) -> StubURLProtocol.Type {
            SlotStubURLProtocol<Index>.self
        }
        return specialize(SlotNumber.type(for: slot))
    }
}

/// The protocol class of one slot.
final class SlotStubURLProtocol<Index: SlotIndex>: StubURLProtocol {
    override class var slot: Int { Index.value }
}

/// A slot number spelled in types, one bit per generic level:
/// `One<Zero<One<SlotEnd>>>` is 0b101, 5.
protocol SlotIndex {
    static var value: Int { get }
}

enum SlotEnd: SlotIndex {
    static var value: Int { 0 }
}

enum Zero<Higher: SlotIndex>: SlotIndex {
    static var value: Int { Higher.value * 2 }
}

enum One<Higher: SlotIndex>: SlotIndex {
    static var value: Int { Higher.value * 2 + 1 }
}

enum SlotNumber {
    /// The type that spells `number` (zero or more).
    static func type(for number: Int) -> any SlotIndex.Type {
        guard number > 0 else { return SlotEnd.self }
        let higher = type(for: number / 2)
        func append<Higher: SlotIndex>(_: Higher.Type) -> any SlotIndex.Type {
            number % 2 == 1 ? One<Higher>.self : Zero<Higher>.self
        }
        return append(higher)
    }
}
#endif
