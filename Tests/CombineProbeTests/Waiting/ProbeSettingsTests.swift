@testable import CombineProbe
import Testing

@Suite struct ProbeSettingsTests {
    @Test func multiplierComesFromTheEnvironment() {
        #expect(ProbeSettings.multiplier(from: [:]) == 1)
        #expect(ProbeSettings.multiplier(from: ["COMBINEPROBE_TIMEOUT_MULTIPLIER": "3"]) == 3)
        #expect(ProbeSettings.multiplier(from: ["COMBINEPROBE_TIMEOUT_MULTIPLIER": " 2.5 "]) == 2.5)
    }

    @Test(arguments: ["0", "-2", "fast", "", "inf", "nan"])
    func invalidMultipliersAreIgnored(_ text: String) {
        #expect(ProbeSettings.multiplier(from: ["COMBINEPROBE_TIMEOUT_MULTIPLIER": text]) == 1)
    }

    /// Messages say the timeout as the test wrote it (Documentation/AssertionsAndHelpers.md
    /// shows `timeout: 5` and "waited 5 seconds").
    @Test func timeoutsAreWrittenAsTheTestWroteThem() {
        #expect(WaitPlan<Void>.format(1) == "1 second")
        #expect(WaitPlan<Void>.format(5) == "5 seconds")
        #expect(WaitPlan<Void>.format(0.25) == "0.25 seconds")
        #expect(WaitPlan<Void>.format(0) == "0 seconds")
    }

    @Test func timeoutsAreMultiplied() {
        #expect(ProbeSettings.effectiveTimeout(2, defaultTimeout: 5, multiplier: 3) == 6)
        #expect(ProbeSettings.effectiveTimeout(nil, defaultTimeout: 5, multiplier: 3) == 15)
        #expect(ProbeSettings.effectiveTimeout(-1, defaultTimeout: 5, multiplier: 3) == 0)
    }

    @Test func defaultsWithoutTheEnvironmentVariable() {
        // The test process may set the variable (slow CI); the default timeout
        // itself is fixed.
        #expect(ProbeSettings.defaultTimeout == 5)
        #expect(ProbeSettings.timeoutMultiplier > 0)
    }
}
