@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The table that matches environment entries with the exploration's
/// variable names (`EnvironmentPrefixTable`), on names of its own: families
/// whose prefixes start with one byte are each tried.
enum EnvironmentPrefixTableCheck {
    static let names = ["AB_ONE", "AB_TWO", "AC_THREE", "B_FOUR", "PLAIN"]

    /// The name `entry` sets, and its value; nil when it sets none.
    static func match(_ entry: String, in table: EnvironmentPrefixTable) -> String? {
        let copy = strdup(entry)!
        defer { free(copy) }
        return table.match(copy).map { "\(names[$0.0])=\(String(cString: $0.1))" }
    }

    static let cases: [(entry: String, expected: String?)] = [
        ("AB_ONE=1", "AB_ONE=1"), ("AB_TWO=", "AB_TWO="), ("AC_THREE=x=y", "AC_THREE=x=y"), ("B_FOUR=4", "B_FOUR=4"),
        ("PLAIN=p", "PLAIN=p"), ("AB_ONE", nil), ("AB_ONEX=1", nil), ("AB_=1", nil), ("AD_ONE=1", nil), ("A", nil),
        ("", nil), ("B_FOURTH=1", nil), ("PLAINS=1", nil), ("C=1", nil), ("AC_TWO=2", nil),
    ]
}

final class EnvironmentPrefixTableTests: XCTestCase {
    func testEachEntryMatchesItsNameOnly() {
        let table = EnvironmentPrefixTable(EnvironmentPrefixTableCheck.names)
        for (entry, expected) in EnvironmentPrefixTableCheck.cases {
            XCTAssertEqual(EnvironmentPrefixTableCheck.match(entry, in: table), expected, entry)
        }
    }
}

@Suite struct EnvironmentPrefixTableSwiftTests {
    @Test(arguments: EnvironmentPrefixTableCheck.cases.indices)
    func eachEntryMatchesItsNameOnly(_ index: Int) {
        let table = EnvironmentPrefixTable(EnvironmentPrefixTableCheck.names)
        let (entry, expected) = EnvironmentPrefixTableCheck.cases[index]
        #expect(EnvironmentPrefixTableCheck.match(entry, in: table) == expected, "\(entry)")
    }
}
