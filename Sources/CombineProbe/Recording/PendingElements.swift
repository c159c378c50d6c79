/// The last few values a recorder received, on their way to its array of
/// elements.
///
/// The recorder's generic code is not specialized for the publisher's
/// output type when a publisher calls it (through the `Subscriber`
/// protocol): appending to a `[Input]` there looks up the array's type
/// metadata at run time, about 330 instructions per value, more than the
/// rest of recording a value. A final class of its own reaches its buffer
/// through the instance, with no look-up: values wait here, and move to the
/// array by batches of 256, or when the recorder's elements are read.
/// So a recorded value costs one look-up per batch, and the values waiting
/// here never take more memory than a batch.
///
/// Not thread-safe by itself: only touched under the recorder's lock.
@usableFromInline
final class PendingElements<Element> {
    // The buffer holds `count` initialized values, room for `capacity`
    // (0 and nil until the first value).
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>?
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var capacity = 0

    @usableFromInline
    init() {}

    deinit {
        if let base {
            base.deinitialize(count: count)
            MallocMemory.deallocate(base)
        }
    }

    /// Adds `element` after the others; returns whether a batch is full.
    @inlinable
    func append(_ element: Element) -> Bool {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
        return count == pendingElementsLimit
    }

    /// Moves every waiting value to the end of `elements`, in order.
    @usableFromInline
    @inline(never)
    func move(into elements: inout [Element]) {
        guard count > 0, let base else { return }
        elements.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        base.deinitialize(count: count)
        count = 0
    }

    /// Makes room for more values: 16 at first, then twice as many, up to
    /// a batch (a full batch moves out before the next value comes).
    @usableFromInline
    @inline(never)
    func grow() {
        let larger = Swift.min(Swift.max(capacity * 2, 16), pendingElementsLimit)
        let moved = MallocMemory.allocate(Element.self, capacity: larger)
        if let base {
            moved.moveInitialize(from: base, count: count)
            MallocMemory.deallocate(base)
        }
        base = moved
        capacity = larger
    }
}

/// The most values that wait in a ``PendingElements`` before they move to
/// the recorder's array (not a static member of the generic class: reading
/// one would look up the class's metadata).
@inlinable
var pendingElementsLimit: Int { 256 }
