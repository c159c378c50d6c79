/// The user's settings.
public struct Settings: Equatable, Sendable {
    public enum Theme: String, Sendable { case system, light, dark }

    public var theme: Theme
    public var notificationsEnabled: Bool

    public init(theme: Theme = .system, notificationsEnabled: Bool = true) {
        self.theme = theme
        self.notificationsEnabled = notificationsEnabled
    }
}

/// Holds the settings and publishes every change. Its publisher never
/// completes: it lives as long as the app.
public final class SettingsStore {
    private let subject: CurrentValueSubject<Settings, Never>

    public init(_ initial: Settings = Settings()) {
        subject = CurrentValueSubject(initial)
    }

    /// The current settings, then each change; duplicates are skipped.
    public var settings: AnyPublisher<Settings, Never> {
        subject.removeDuplicates().eraseToAnyPublisher()
    }

    /// Only the theme, as views that draw colours need it.
    public var theme: AnyPublisher<Settings.Theme, Never> {
        settings.map(\.theme).removeDuplicates().eraseToAnyPublisher()
    }

    /// Changes the settings.
    public func update(_ change: (inout Settings) -> Void) {
        var settings = subject.value
        change(&settings)
        subject.send(settings)
    }
}
