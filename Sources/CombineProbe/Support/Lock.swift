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
    @usableFromInline let mutex: UnsafeMutablePointer<os_unfair_lock>
    #elseif canImport(WinSDK)
    @usableFromInline let mutex: UnsafeMutablePointer<SRWLOCK>
    #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    @usableFromInline let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
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
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
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
