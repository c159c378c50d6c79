@testable import CombineProbe
import Testing

/// The joining door's numbers of the live worlds whose scope's tasks join
/// them: only whether any lives is read, so each world must be forgotten
/// exactly when it ends, whatever the order, and a world that never was
/// noted (the executor of a world whose tasks do not join it) changes
/// nothing.
@Suite struct LiveWorldNumbersTests {
    @Test func aWorldNotedAndForgottenLeavesNone() {
        var numbers = LiveWorldNumbers()
        #expect(numbers.isEmpty)
        numbers.add(7)
        #expect(!numbers.isEmpty)
        numbers.remove(7)
        #expect(numbers.isEmpty)
    }

    @Test func worldsEndInAnyOrder() {
        var numbers = LiveWorldNumbers()
        for number: UInt64 in 1...5 { numbers.add(number) }
        for number: UInt64 in [3, 1, 5, 2] {
            numbers.remove(number)
            #expect(!numbers.contains(number))
        }
        #expect(numbers.count == 1)
        #expect(numbers.contains(4))
        numbers.remove(4)
        #expect(numbers.isEmpty)
    }

    @Test func forgettingAWorldNeverNotedChangesNothing() {
        var numbers = LiveWorldNumbers()
        numbers.add(2)
        numbers.remove(9)
        numbers.remove(9)
        #expect(numbers.count == 1)
        #expect(numbers.contains(2))
    }
}
