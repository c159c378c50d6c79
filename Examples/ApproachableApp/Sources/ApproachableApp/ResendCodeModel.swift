import Foundation

/// The "resend the code" button of a verification screen: after a code is
/// sent, it counts the seconds down on a repeating timer of the injected
/// scheduler, and the button is enabled again at zero.
///
/// The timer's closure is isolated to the main actor (the target's default),
/// and the compiler checks that isolation each time the scheduler calls it.
public final class ResendCodeModel<S: Scheduler> {
    /// The seconds left before a code can be sent again; zero when it can.
    @Published public private(set) var secondsLeft = 0
    /// How many codes were sent.
    public private(set) var codesSent = 0

    private let wait: Int
    private let scheduler: S
    private var timer: (any Cancellable)?

    /// - parameter wait: The seconds between two codes.
    /// - parameter scheduler: The timer's scheduler: `RunLoop.main` in the app.
    public init(wait: Int = 30, scheduler: S) {
        self.wait = wait
        self.scheduler = scheduler
    }

    /// Whether a code can be sent now.
    public var canResend: Bool { secondsLeft == 0 }

    /// Sends a code, when one can be sent, and starts counting down.
    public func sendCode() {
        guard canResend else { return }
        codesSent += 1
        secondsLeft = wait
        timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) { [weak self] in
            self?.tick()
        }
    }

    private func tick() {
        secondsLeft -= 1
        if secondsLeft == 0 {
            timer?.cancel()
            timer = nil
        }
    }
}
