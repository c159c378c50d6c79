#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif
import Foundation

/// Whether the calling thread is the process's main thread, asked for the
/// price of a thread-local read.
///
/// On Linux, `Thread.isMainThread` makes two system calls each time
/// (corelibs Foundation compares `gettid()` with `getpid()`): some 0.35 µs
/// on the machine CI runs on. The library asks it where it decides which
/// framework gets a failure, in the strict XCTest rules and in a wait,
/// several times for a small test (four for a test that makes a virtual
/// scheduler, records a `debounce` and waits once), so the calls were some
/// 9% of such a test's run. A thread's answer never changes: it is asked of
/// Foundation once per thread, and kept in a thread-local value. On Apple
/// platforms `Thread.isMainThread` reads the thread's own data already, and
/// is asked directly; so it is where no thread-local key can be had.
enum MainThread {
    /// Whether the calling thread is the main thread (the answer of
    /// `Thread.isMainThread`, kept per thread where it costs system calls).
    static var isCurrent: Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android)
        if let key {
            // 0 (no value yet), then 1 on the main thread and 2 on any other.
            switch Int(bitPattern: pthread_getspecific(key)) {
            case 1: return true
            case 2: return false
            default:
                let isMain = Thread.isMainThread
                pthread_setspecific(key, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
                return isMain
            }
        }
        #endif
        return Thread.isMainThread
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Android)
    /// The key of the thread-local answer: made once, never deleted (its
    /// values are plain numbers, which need no destructor); nil if the
    /// process has used up its keys (`PTHREAD_KEYS_MAX`), and then every
    /// question goes to Foundation.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
    #endif
}
