#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// Buffers from the C library's `malloc`, for the library's own raw
/// buffers (a lock's block, an action queue's slots, a recorder's waiting
/// values), freed with ``deallocate(_:)``.
///
/// `UnsafeMutablePointer.allocate(capacity:)` asks the runtime for memory
/// of the type's alignment, and for every alignment up to 16 bytes it takes
/// the runtime's aligned path, which is `posix_memalign` on Linux: some
/// 180 instructions, against some 60 for `malloc`, whose memory is aligned
/// to 16 bytes on every platform the library supports. A plain debounce
/// test made about twenty such buffers (issue 43).
@usableFromInline
enum MallocMemory {
    /// The largest alignment `malloc`'s memory has everywhere.
    @usableFromInline static var alignment: Int { 16 }

    /// Room for `capacity` values of `type`, uninitialized: free it with
    /// ``deallocate(_:)``, never with `deallocate()`.
    @inlinable
    static func allocate<T>(_ type: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        precondition(MemoryLayout<T>.alignment <= alignment, "MallocMemory: \(T.self) needs a larger alignment")
        let bytes = Swift.max(1, capacity * MemoryLayout<T>.stride)
        guard let memory = malloc(bytes) else { fatalError("MallocMemory: out of memory for \(bytes) bytes") }
        return memory.bindMemory(to: T.self, capacity: capacity)
    }

    /// Frees a buffer made by ``allocate(_:capacity:)``, its values
    /// deinitialized already.
    @inlinable
    static func deallocate<T>(_ pointer: UnsafeMutablePointer<T>) {
        free(pointer)
    }
}
