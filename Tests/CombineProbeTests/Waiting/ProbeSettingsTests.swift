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
