import Foundation

/// A sign-up form: each field is checked a moment after the user stops
/// typing in it, and the button is enabled when both pass. Each check is
/// published with `assign(to: &$published)`, which ties its subscription to
/// the form's lifetime.
public final class SignUpForm {
    /// The e-mail address typed.
    @Published public var email = ""
    /// The password typed.
    @Published public var password = ""
    /// Whether the e-mail address looks like one.
    @Published public private(set) var isEmailValid = false
    /// Whether the password is long enough.
    @Published public private(set) var isPasswordValid = false

    /// - parameter scheduler: Where the checks are debounced:
    ///   `DispatchQueue.main` in the app.
    public init(scheduler: some Scheduler) {
        $email
            .debounce(for: .milliseconds(200), scheduler: scheduler)
            .map { email in
                let parts = email.split(separator: "@", omittingEmptySubsequences: false)
                return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            }
            .removeDuplicates()
            .assign(to: &$isEmailValid)
        $password
            .debounce(for: .milliseconds(200), scheduler: scheduler)
            .map { $0.count >= 8 }
            .removeDuplicates()
            .assign(to: &$isPasswordValid)
    }

    /// Whether the form can be sent.
    public var canSubmit: Bool { isEmailValid && isPasswordValid }
}
