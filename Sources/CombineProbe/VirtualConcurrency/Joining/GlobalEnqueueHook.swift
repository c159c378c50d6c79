#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The Concurrency runtime's `swift_task_enqueueGlobal_hook`: the one door
/// through which plain tasks join a world (see `TaskJoining`), and the only
/// code of the library that reads or writes it. Every call is made under
/// `TaskJoining`'s lock, so that CombineProbe's own reads and writes of the
/// slot never race each other.
///
/// The slot is process-wide, and other libraries write it without asking:
/// swift-concurrency-extras' `withMainSerialExecutor` saves it, sets its
/// own hook (every global job to the main actor) and writes back what it
/// saved — but it saves "a hook is set" as a Bool, so that used while
/// CombineProbe's hook is in, it leaves its own behind for good, and used
/// while CombineProbe installs its own, it removes ours when it returns.
/// So the slot is checked each time a world is made and each time a step
/// moves time (``check()``): a hook removed is put back; a hook set over
/// ours is put behind ours, where it still gets every job that is not a
/// world's, and the first time, a line on standard error says which code
/// set it. Nothing is silent, and no world loses its tasks.
struct GlobalEnqueueHook {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// What another library did to the hook, as ``check()`` found it.
    enum Interference: Equatable, Sendable {
        /// The slot was emptied: CombineProbe's hook was put back.
        case removed
        /// Another hook was set over ours, by the code `owner` names: ours
        /// is back in front, and passes it the jobs that are not a world's.
        case displaced(owner: String)

        /// What a refusal, or standard error, says of it.
        var description: String {
            switch self {
            case .removed:
                "another library removed CombineProbe's global-enqueue hook (swift-concurrency-extras' "
                    + "withMainSerialExecutor does when it returns, if it began before the first world); it was put back"
            case let .displaced(owner):
                "another library set its global-enqueue hook over CombineProbe's (\(owner)); CombineProbe's is back "
                    + "in front, and the jobs outside every world still go to that hook (withMainSerialExecutor leaves "
                    + "its hook set when it returns, if CombineProbe's was in: from then on, tasks outside every world "
                    + "run on the main actor)"
            }
        }
    }

    private let slot: UnsafeMutablePointer<Hook?>
    private let ours: Hook
    /// The hook set before ours, which gets the jobs that are not a world's.
    private(set) var previous: Hook?
    /// The last interference found, if any.
    private(set) var interference: Interference?

    /// The hook's slot, where the runtime exports it and a job is one
    /// pointer (every platform Swift supports today); nil otherwise.
    init?(ours: Hook) {
        guard MemoryLayout<UnownedJob>.size == MemoryLayout<UInt>.size,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
        slot = symbol.assumingMemoryBound(to: Hook?.self)
        self.ours = ours
    }

    /// Puts ours in, in front of the hook set before it.
    mutating func install() {
        let current = slot.pointee
        if !Self.same(current, ours) { previous = current }
        slot.pointee = ours
    }

    /// Whether ours is still in; if not, puts it back (see the type's
    /// comment) and returns what happened, the first time for each kind.
    mutating func check() -> Interference? {
        let current = slot.pointee
        if Self.same(current, ours) { return nil }
        let found: Interference
        if let current {
            found = .displaced(owner: Self.owner(of: current))
            previous = current
        } else {
            found = .removed
            previous = nil
        }
        slot.pointee = ours
        defer { interference = found }
        return interference == found ? nil : found
    }

    private static func same(_ hook: Hook?, _ other: Hook) -> Bool {
        guard let hook else { return false }
        return unsafeBitCast(hook, to: UnsafeRawPointer.self) == unsafeBitCast(other, to: UnsafeRawPointer.self)
    }

    /// `Dl_info`, as `dladdr` fills it: the same four pointers on every
    /// platform with a dynamic linker (Glibc declares `dladdr` only under
    /// `_GNU_SOURCE`, so it is found with `dlsym`).
    private struct SymbolInfo {
        var imagePath: UnsafePointer<CChar>?
        var imageBase: UnsafeMutableRawPointer?
        var symbolName: UnsafePointer<CChar>?
        var symbolAddress: UnsafeMutableRawPointer?
    }

    private typealias DladdrFunction = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer) -> Int32

    /// The code a hook belongs to, as far as the dynamic linker can tell:
    /// its symbol and its image, or its image alone.
    static func owner(of hook: Hook) -> String {
        var info = SymbolInfo()
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "dladdr") else { return "code the dynamic linker cannot name" }
        let dladdr = unsafeBitCast(symbol, to: DladdrFunction.self)
        let found = withUnsafeMutablePointer(to: &info) { dladdr(unsafeBitCast(hook, to: UnsafeRawPointer.self), UnsafeMutableRawPointer($0)) }
        guard found != 0 else { return "code the dynamic linker cannot name" }
        let image = info.imagePath.map { String(cString: $0) }.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let name = info.symbolName.map { String(cString: $0) }
        let library = (name ?? "").contains("ConcurrencyExtras") || (image ?? "").contains("ConcurrencyExtras")
            ? "swift-concurrency-extras: " : ""
        switch (name, image) {
        case let (name?, image?): return "\(library)\(name) in \(image)"
        case let (nil, image?): return "\(library)a function in \(image)"
        case let (name?, nil): return "\(library)\(name)"
        case (nil, nil): return "code the dynamic linker cannot name"
        }
    }
}
