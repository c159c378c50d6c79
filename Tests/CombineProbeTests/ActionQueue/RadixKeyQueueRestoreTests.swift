@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Property: the queue of keys (`RadixKeyQueue`) agrees with a sorted array
/// over thousands of random operations that mix what an explored schedule
/// does with the keys due at one instant — take up to 16 of them out, keep
/// one, put the others back (`restore(_:except:)`) — with inserts (ties, the
/// past, the future, far ahead) and plain removals: the same first key and
/// count after every operation, and the same keys out.
enum RadixKeyQueueRestoreProperty {
    /// The first disagreement over `operations` operations drawn from
    /// `seed`; nil when there is none.
    static func firstMismatch(seed: UInt64, operations: Int) -> String? {
        var random = SplitMix64(seed: seed)
        var queue = RadixKeyQueue()
        var model: [QueueKey] = []
        var sequence: UInt64 = 0
        var now: Int64 = 1_000

        func precedes(_ a: QueueKey, _ b: QueueKey) -> Bool {
            a.due != b.due ? a.due < b.due : a.sequence < b.sequence
        }
        func describe(_ key: QueueKey?) -> String {
            key.map { "(\($0.due), \($0.sequence))" } ?? "nil"
        }
        func insert(at due: Int64) {
            sequence += 1
            let key = QueueKey(due: due, sequence: sequence)
            queue.insert(key)
            let index = model.firstIndex { precedes(key, $0) } ?? model.count
            model.insert(key, at: index)
        }

        for step in 0..<operations {
            switch random.next(below: 10) {
            case 0...3:
                // Mostly ties and the near future; sometimes the past, or far ahead.
                let offsets: [Int64] = [0, 0, 0, 1, 7, 64, 4_096, 1 << 20, -5, 1 << 40]
                insert(at: max(0, now + offsets[Int(random.next(below: UInt64(offsets.count)))]))
            case 4...5:
                guard !model.isEmpty else { continue }
                let key = queue.removeFirst()
                let expected = model.removeFirst()
                guard key.due == expected.due, key.sequence == expected.sequence else {
                    return "step \(step): removeFirst gave \(describe(key)), the model \(describe(expected))"
                }
                now = max(now, key.due)
            default:
                // An explored schedule's choice among the keys due at one instant.
                guard !model.isEmpty else { continue }
                let limit = 2 + Int(random.next(below: 15))
                var ties = [queue.removeFirst()]
                while ties.count < limit, let next = queue.first, next.due == ties[0].due {
                    ties.append(queue.removeFirst())
                }
                let expected = Array(model.prefix(ties.count))
                guard zip(ties, expected).allSatisfy({ $0.due == $1.due && $0.sequence == $1.sequence }) else {
                    return "step \(step): took \(ties.map(describe)), the model's first are \(expected.map(describe))"
                }
                let kept = Int(random.next(below: UInt64(ties.count)))
                queue.restore(ties, except: kept)
                model.remove(at: kept)
                now = max(now, ties[0].due)
            }
            guard queue.count == model.count else {
                return "step \(step): the queue holds \(queue.count) keys, the model \(model.count)"
            }
            guard queue.first?.due == model.first?.due, queue.first?.sequence == model.first?.sequence else {
                return "step \(step): the queue's first is \(describe(queue.first)), the model's \(describe(model.first))"
            }
        }
        return nil
    }
}

final class RadixKeyQueueRestoreTests: XCTestCase {
    func testRestoringTiesAgreesWithASortedArray() {
        for seed: UInt64 in 1...20 {
            XCTAssertNil(RadixKeyQueueRestoreProperty.firstMismatch(seed: seed, operations: 3_000), "seed \(seed)")
        }
    }
}

@Suite struct RadixKeyQueueRestoreSwiftTests {
    @Test(arguments: 21...40)
    func restoringTiesAgreesWithASortedArray(seed: UInt64) {
        #expect(RadixKeyQueueRestoreProperty.firstMismatch(seed: seed, operations: 3_000) == nil)
    }
}
