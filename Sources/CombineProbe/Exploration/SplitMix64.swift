/// A small, fast, seeded generator (SplitMix64, Steele, Lea and Flood,
/// 2014): the same seed gives the same numbers on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound above 0), without modulo bias worth
    /// speaking of at these sizes.
    mutating func next(below bound: UInt64) -> UInt64 {
        bound <= 1 ? 0 : next().multipliedFullWidth(by: bound).high
    }
}
