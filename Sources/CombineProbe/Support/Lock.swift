#if canImport(os)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(WinSDK)
import WinSDK
#endif

/// A value guarded by a lock: the only way to read or change it is
/// ``withLock(_:)``, which holds the lock for the duration of the closure.
///
/// `@unchecked Sendable` is honest here: every access to the value goes
/// through the lock, so no two threads ever touch it at the same time.
///
/// The value lives in memory allocated here rather than in a stored property:
/// the lock already guarantees exclusive access, and a stored `var` of a
/// class would pay for a second, dynamic exclusivity check on every access
/// (the recorder's hot path goes through here once per recorded value).
// @unchecked Sendable: `value` is only reached inside withLock, under `mutex`.
@usableFromInline
final class Locked<Value>: @unchecked Sendable {
    #if canImport(os)
    @usableFromInline typealias LockPrimitive = os_unfair_lock
    #elseif canImport(WinSDK)
    @usableFromInline typealias LockPrimitive = SRWLOCK
    #else
    @usableFromInline typealias LockPrimitive = pthread_mutex_t
    #endif
    /// The lock, at the start of a block allocated once for the lock and the
    /// value.
    @usableFromInline let mutex: UnsafeMutablePointer<LockPrimitive>
    /// The value, in the same block, after the lock.
    @usableFromInline let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        // One allocation for both: the lock first, the value after it, each
        // at its own alignment.
        let mutexLayout = MemoryLayout<LockPrimitive>.self
        let valueOffset = (mutexLayout.size + MemoryLayout<Value>.alignment - 1) / MemoryLayout<Value>.alignment
            * MemoryLayout<Value>.alignment
        // From `malloc` (see `MallocMemory`), whose alignment suffices for
        // both.
        let bytes = MallocMemory.allocate(UInt8.self, capacity: valueOffset + MemoryLayout<Value>.size)
        let block = UnsafeMutableRawPointer(bytes)
        precondition(max(mutexLayout.alignment, MemoryLayout<Value>.alignment) <= MallocMemory.alignment)
        mutex = block.bindMemory(to: LockPrimitive.self, capacity: 1)
        self.value = (block + valueOffset).bindMemory(to: Value.self, capacity: 1)
        self.value.initialize(to: value)
        #if canImport(os)
        mutex.initialize(to: os_unfair_lock())
        #elseif canImport(WinSDK)
        InitializeSRWLock(mutex)
        #else
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(os) && !canImport(WinSDK)
        pthread_mutex_destroy(mutex)
        #endif
        value.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        // The block starts with the lock (see init).
        MallocMemory.deallocate(UnsafeMutableRawPointer(mutex).assumingMemoryBound(to: UInt8.self))
    }

    /// Runs `body` with exclusive access to the guarded value.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(os)
        os_unfair_lock_lock(mutex)
        defer { os_unfair_lock_unlock(mutex) }
        #elseif canImport(WinSDK)
        AcquireSRWLockExclusive(mutex)
        defer { ReleaseSRWLockExclusive(mutex) }
        #else
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&value.pointee)
    }
}
