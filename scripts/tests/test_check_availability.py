"""Tests of scripts/check-availability.py, on small repositories with seeded violations.

Run from the repository's root: python3 -m unittest discover -s scripts/tests
"""
import contextlib
import importlib.util
import io
import pathlib
import tempfile
import textwrap
import unittest

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
_spec = importlib.util.spec_from_file_location("check_availability", REPO / "scripts" / "check-availability.py")
check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check)

PACKAGE = 'platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],\n'

# A stand-in for the library's own API: a scheduler whose clock and executor
# are newer than the deployment targets, as in Sources/CombineProbe.
LIBRARY = """
public final class VirtualScheduler {
    public func advance(by interval: Int) {}
}
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension VirtualScheduler {
    public var clock: VirtualSchedulerClock { fatalError() }
}
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct VirtualSchedulerClock {}
extension VirtualScheduler {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public var executor: VirtualTaskExecutor { fatalError() }
}
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class VirtualTaskExecutor {}
"""

A13 = "@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)"
A15 = "@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)"


class CheckAvailabilityTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        targets = check.deployment_targets(PACKAGE)
        cls.toolchain = check.toolchain_table(REPO, targets)

    def findings(self, files):
        """The findings (as "path:line: name") in a repository made of `files`."""
        with tempfile.TemporaryDirectory() as directory:
            root = pathlib.Path(directory)
            (root / "Package.swift").write_text(PACKAGE)
            (root / "Sources" / "CombineProbe").mkdir(parents=True)
            (root / "Sources" / "CombineProbe" / "Library.swift").write_text(LIBRARY)
            for name, text in files.items():
                path = root / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(textwrap.dedent(text))
            findings, _, _ = check.check_repository(root, self.toolchain)
            return [f"{f.path}:{f.line}: {f.name}" for f in findings]

    def in_test(self, body, wrapper=("", "")):
        """The findings of `body` in a test file, between the two parts of `wrapper`."""
        return self.findings({"Tests/T/T.swift": wrapper[0] + textwrap.dedent(body) + wrapper[1]})

    # Uses without availability are flagged.

    def test_a_new_type_is_flagged(self):
        self.assertEqual(self.in_test("""
            final class Model {
                let clock: any Clock<Duration>
            }
            """), ["Tests/T/T.swift:3: Clock", "Tests/T/T.swift:3: Duration"])

    def test_a_new_initializer_is_flagged_by_its_labels(self):
        found = self.in_test("""
            func start() {
                Task(executorPreference: nil) { }
                Task { }
                Task(priority: .high) { }
            }
            """)
        self.assertEqual(found, ["Tests/T/T.swift:3: Task(executorPreference:)"])

    def test_a_new_static_member_is_flagged(self):
        self.assertEqual(self.in_test("""
            func pause() async throws {
                try await Task.sleep(for: .seconds(1))
                try await Task.sleep(nanoseconds: 1_000)
            }
            """), ["Tests/T/T.swift:3: Task.sleep"])

    def test_publisher_values_is_flagged_and_dictionary_values_is_not(self):
        self.assertEqual(self.in_test("""
            func iterate(subject: PassthroughSubject<Int, Never>, table: [String: Int]) {
                _ = subject.values
                _ = [1, 2].publisher.values
                _ = Just(1).values
                _ = table.values
            }
            """), ["Tests/T/T.swift:3: .values", "Tests/T/T.swift:4: .values", "Tests/T/T.swift:5: .values"])

    def test_values_iterated_by_a_for_loop_is_flagged(self):
        # The `{` after `.values` opens the loop's body: it is no trailing closure.
        self.assertEqual(self.in_test("""
            final class Search {
                @Published var query = ""
                func run(subject: PassthroughSubject<Int, Error>, table: [String: Int]) async throws {
                    for await q in $query.values { _ = q }
                    for try await v in subject.values {
                        _ = v
                    }
                    while let v = await subject.values.first(where: { _ in true }) { _ = v }
                    for v in table.values { _ = v }
                }
            }
            """), ["Tests/T/T.swift:5: .values", "Tests/T/T.swift:6: .values", "Tests/T/T.swift:9: .values"])

    def test_repeat_while_has_no_body_to_take_a_trailing_closure_for(self):
        self.assertEqual(self.in_test("""
            func track(flag: Bool) {
                repeat { } while flag
                withObservationTracking { } onChange: { }
            }
            """), ["Tests/T/T.swift:4: withObservationTracking"])

    def test_values_iterated_under_availability_is_not_flagged(self):
        self.assertEqual(self.in_test("""
            func run(subject: PassthroughSubject<Int, Never>) async {
                if #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) {
                    for await v in subject.values { _ = v }
                }
            }
            """), [])

    def test_foundation_formatting_and_localization_are_flagged(self):
        self.assertEqual(self.in_test("""
            import Foundation
            func describe(day: Date, count: Int) -> [Any] {
                [Date().formatted(), day.formatted(date: .abbreviated, time: .omitted), count.formatted(),
                 String(localized: "Hello"), String(format: "%d", count), AttributedString("Hello")]
            }
            """), ["Tests/T/T.swift:4: .formatted",  # one finding per name and line
                   "Tests/T/T.swift:5: String(localized:)", "Tests/T/T.swift:5: AttributedString"])

    def test_date_format_style_and_its_nested_types_are_flagged(self):
        # Issue 42, E.14: the old table had no Date.FormatStyle, and `Date.FormatStyle()` passed. The
        # FormatStyle family comes from the toolchain's symbol graphs (swift-foundation), a nested
        # type is a member of its owner, and its initializers and nested types come with it.
        self.assertEqual(self.in_test("""
            import Foundation
            func describe(day: Date) -> String {
                let style = Date.FormatStyle()
                let short = Date.FormatStyle(date: .numeric, time: .shortened)
                let symbol: Date.FormatStyle.Symbol.Year = .defaultDigits
                _ = Date.ISO8601FormatStyle()
                _ = IntegerFormatStyle<Int>()
                _ = day.formatted(.dateTime.year())
                return style.format(day) + short.format(day)
            }
            """), ["Tests/T/T.swift:4: Date.FormatStyle", "Tests/T/T.swift:5: Date.FormatStyle",
                   "Tests/T/T.swift:6: Date.FormatStyle",  # once: Symbol and Year are new with it
                   "Tests/T/T.swift:7: Date.ISO8601FormatStyle", "Tests/T/T.swift:8: IntegerFormatStyle",
                   "Tests/T/T.swift:9: .formatted"])

    def test_format_styles_that_linux_lacks_come_from_the_hand_table(self):
        # URL.FormatStyle and PersonNameComponents.FormatStyle are not in Linux's Foundation; its
        # Measurement.FormatStyle states no availability: Apple's documentation, in the table, decides.
        self.assertEqual(self.in_test("""
            import Foundation
            func styles() {
                _ = URL.FormatStyle()
                _ = PersonNameComponents.FormatStyle()
                _ = Measurement<UnitLength>.FormatStyle(width: .wide)
                _ = URLSession.AsyncBytes.self
            }
            """), ["Tests/T/T.swift:4: URL.FormatStyle", "Tests/T/T.swift:5: PersonNameComponents.FormatStyle",
                   "Tests/T/T.swift:6: .FormatStyle", "Tests/T/T.swift:7: URLSession.AsyncBytes"])

    def test_format_styles_under_availability_are_not_flagged(self):
        A12 = "@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)"
        self.assertEqual(self.in_test("""
            import Foundation
            """ + A12 + """
            func describe(day: Date) -> String {
                day.formatted(Date.FormatStyle(date: .numeric, time: .shortened))
            }
            """ + A12 + """
            struct Labels {
                let style: Date.FormatStyle
                let year: Date.FormatStyle.Symbol.Year = .defaultDigits
            }
            func label(day: Date) -> String {
                if #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) {
                    return Date.FormatStyle().format(day)
                }
                return "\(day)"
            }
            func isoLabel(day: Date) -> String {
                guard #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) else { return "" }
                return Date.ISO8601FormatStyle().format(day)
            }
            """), [])

    def test_foundation_predicates_are_flagged(self):
        # Predicate and its macro, macOS 14.0 / iOS 17.0 in FoundationEssentials' symbol graph.
        self.assertEqual(self.in_test("""
            import Foundation
            func adults() -> Predicate<Int> {
                #Predicate<Int> { $0 >= 18 }
            }
            """), ["Tests/T/T.swift:3: Predicate", "Tests/T/T.swift:4: Predicate"])

    def test_old_foundation_api_read_from_the_toolchain_is_not_flagged(self):
        # The symbol graphs bring all of FoundationEssentials and FoundationInternationalization:
        # what Apple shipped before the deployment targets stays unflagged.
        self.assertEqual(self.in_test("""
            import Foundation
            func old(text: String, data: Data, day: Date, url: URL, values: [Int]) throws {
                _ = Date(timeIntervalSince1970: 0).addingTimeInterval(1).timeIntervalSince(day)
                _ = URL(string: "https://a.b")?.appendingPathComponent("x").lastPathComponent
                _ = try JSONDecoder().decode([Int].self, from: try JSONEncoder().encode(values))
                _ = Calendar.current.date(byAdding: .day, value: 1, to: day)
                _ = (Locale(identifier: "en"), TimeZone(identifier: "UTC"), UUID().uuidString)
                _ = String(data: text.data(using: .utf8) ?? data, encoding: .utf8)
                _ = text.components(separatedBy: ",").first?.range(of: "a")
                _ = text.replacingOccurrences(of: "a", with: "b").trimmingCharacters(in: .whitespaces)
                _ = (Data(base64Encoded: text), Decimal(string: "1.5"), day.description)
                _ = DateComponents(year: 2020).year
            }
            """), [])

    def test_a_short_owner_name_does_not_reach_a_nested_types_members(self):
        # swift-foundation's PredicateExpressions.Value has a `description` of macOS 14.4; a receiver
        # whose type is only known as `Value` (a generic parameter here) is not that type.
        self.assertEqual(self.in_test("""
            enum Event<Value>: CustomStringConvertible {
                case value(Value)
                var description: String { "" }
                var payload: Value? { nil }
            }
            func describe(_ event: Event<Int>) -> String {
                Event<Int>.value(1).description + event.description
            }
            """), [])

    def test_foundation_facts_come_from_the_toolchain(self):
        # Date.FormatStyle is in no hand table: the toolchain's symbol graph of
        # FoundationInternationalization states macOS 12.0 / iOS 15.0 / tvOS 15.0 / watchOS 8.0.
        found = [d for d in self.toolchain.lookup("members", "FormatStyle") if d.owner == "Date"]
        self.assertEqual([(d.origin, d.status, d.avail) for d in found], [
            ("toolchain", "new", {"macOS": (12, 0, 0), "iOS": (15, 0, 0), "tvOS": (15, 0, 0), "watchOS": (8, 0, 0)})])
        hand = check.Table(check.deployment_targets(PACKAGE))
        hand.add_source(check.HAND_TABLE, "hand table")
        self.assertEqual([d.owner for d in hand.lookup("members", "FormatStyle") if d.owner == "Date"], [])

    def test_a_symbol_graph_is_read_with_its_enclosing_types_availability(self):
        # A graph in swift-symbolgraph-extract's format: a type, a nested type, an initializer, a
        # member newer than its type, and one that states nothing but is new with its type.
        def symbol(kind, path, introduced=None):
            av = [{"domain": p, "introduced": {"major": v}} for p, v in (introduced or {}).items()]
            return {"kind": {"identifier": kind}, "identifier": {"precise": ".".join(path)},
                    "pathComponents": path, "availability": av or None,
                    "declarationFragments": [{"spelling": path[-1]}]}
        v12 = {"macOS": 12, "iOS": 15, "tvOS": 15, "watchOS": 8}
        v13 = {"macOS": 13, "iOS": 16, "tvOS": 16, "watchOS": 9}
        graph = {"symbols": [
            symbol("swift.struct", ["Day"]),
            symbol("swift.struct", ["Day", "Style"], v12),
            symbol("swift.init", ["Day", "Style", "init(width:)"]),
            symbol("swift.method", ["Day", "Style", "compact()"], v13),
            symbol("swift.enum", ["Day", "Style", "Width"]),
        ], "relationships": []}
        table = check.Table(check.deployment_targets(PACKAGE))
        table.add_symbol_graphs([graph], "toolchain")
        table.settle()
        style, = table.lookup("members", "Style")
        self.assertEqual((style.owner, style.status, style.avail["macOS"]), ("Day", "new", (12, 0, 0)))
        init, = table.lookup("inits", "Day.Style")
        self.assertEqual(([p.label for p in init.params], init.status), (["width"], "inherited"))
        compact, = table.lookup("members", "compact")
        self.assertEqual((compact.owner, compact.status, compact.avail["macOS"]), ("Day.Style", "new", (13, 0, 0)))
        width, = table.lookup("members", "Width")
        self.assertEqual((width.owner, width.status), ("Day.Style", "inherited"))

    def test_regex_types_literals_and_algorithms_are_flagged(self):
        # Regex comes from the toolchain's _StringProcessing.swiftinterface; a literal reads as a Regex.
        self.assertEqual(self.in_test("""
            func match(_ text: String) throws -> Bool {
                let pattern = try Regex("a+")
                let digits = #/[0-9]+/#
                let ratio = 6 / 2 / 3
                return text.wholeMatch(of: /a+b/) != nil || text.contains("a") || text.split(separator: ",").isEmpty
            }
            """), ["Tests/T/T.swift:3: Regex", "Tests/T/T.swift:4: Regex", "Tests/T/T.swift:6: .wholeMatch",
                   "Tests/T/T.swift:6: Regex"])

    def test_a_regex_literal_after_a_keyword_is_one_and_after_a_word_ending_like_one_is_not(self):
        # Only the characters just before the slash are read: the keyword, and
        # the one before it for the word boundary.
        self.assertEqual(self.in_test("""
            func match(_ texts: [String], origin: Int, noreturn: Int) throws -> Bool {
                for text in texts where try /a+b/.wholeMatch(in: text) != nil { return true }
                let ratio = origin /2/ 1 + noreturn /3/ 1
                return ratio > 0
            }
            func literal() -> Regex<Substring> {
                return /c+/
            }
            """), ["Tests/T/T.swift:3: Regex", "Tests/T/T.swift:7: Regex", "Tests/T/T.swift:8: Regex"])

    def test_regex_under_availability_is_not_flagged(self):
        self.assertEqual(self.in_test(A13 + """
            func match(_ text: String) -> Bool {
                text.wholeMatch(of: /a+b/) != nil
            }
            """), [])

    def test_notification_sequences_are_flagged(self):
        self.assertEqual(self.in_test("""
            import Foundation
            func observe(center: NotificationCenter) async {
                for await note in center.notifications(named: .init("x")) { _ = note }
                _ = NotificationCenter.default.notifications(named: .init("x"))
                _ = NotificationCenter.default.publisher(for: .init("x"))
            }
            """), ["Tests/T/T.swift:4: .notifications", "Tests/T/T.swift:5: .notifications"])

    def test_os_logger_and_unfair_lock_are_flagged(self):
        self.assertEqual(self.findings({
            "Tests/T/Os.swift": """
                import os
                final class Probe {
                    let log = Logger(subsystem: "a", category: "b")
                    let qualified = os.Logger(subsystem: "a", category: "b")
                    let lock = OSAllocatedUnfairLock(initialState: 0)
                }
                """.replace("\n                ", "\n"),
            "Tests/T/SwiftLog.swift": "import Logging\nlet log = Logger(label: \"a\")\n",
        }), ["Tests/T/Os.swift:4: Logger", "Tests/T/Os.swift:5: Logger", "Tests/T/Os.swift:6: OSAllocatedUnfairLock"])

    def test_async_sequence_with_its_primary_associated_types_is_flagged(self):
        # `Failure`, the second primary associated type, is macOS 15 in _Concurrency.swiftinterface.
        self.assertEqual(self.in_test("""
            func consume(_ numbers: some AsyncSequence<Int, Never>) {}
            final class Model {
                var numbers: (any AsyncSequence<Int, any Error>)? { nil }
            }
            func step(_ iterator: inout any AsyncIteratorProtocol<Int, Never>) {}
            func old<S: AsyncSequence>(_ numbers: S) where S.Element == Int {}
            """), ["Tests/T/T.swift:2: AsyncSequence<…>", "Tests/T/T.swift:4: AsyncSequence<…>",
                   "Tests/T/T.swift:6: AsyncIteratorProtocol<…>"])

    def test_async_sequence_with_its_primary_associated_types_under_availability_is_not_flagged(self):
        self.assertEqual(self.in_test(A15 + """
            func consume(_ numbers: some AsyncSequence<Int, Never>) {}
            """), [])

    def test_generic_next_isolation_is_flagged(self):
        self.assertEqual(self.in_test("""
            func drain<I: AsyncIteratorProtocol>(_ iterator: inout I) async throws {
                while let element = try await iterator.next(isolation: #isolation) { _ = element }
                _ = try await iterator.next()
            }
            """), ["Tests/T/T.swift:3: .next"])

    def test_a_property_holding_a_closure_is_called_without_flag(self):
        self.assertEqual(self.in_test("""
            struct Matcher { let matches: (Int) -> Bool }
            func check(matcher: Matcher, recording: Record<Int, Never>.Recording) -> Bool {
                matcher.matches(1) && recording.output.isEmpty
            }
            """), [])

    def test_values_on_operator_chains_and_function_results_is_flagged(self):
        # The receiver's type comes from the file: declarations, initializers, Combine's operators.
        self.assertEqual(self.in_test("""
            func numbers() -> AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }
            func counts() -> [String: Int] { [:] }
            func iterate(subject: PassthroughSubject<Int, Never>, upstream: some Publisher<Int, Never>) async {
                _ = subject.map { $0 * 2 }.values
                _ = subject
                    .receive(on: DispatchQueue.main)
                    .values
                _ = numbers().values
                _ = upstream.values
                let stream = subject.removeDuplicates().eraseToAnyPublisher()
                for await v in stream.values { _ = v }
                _ = counts().values
                let table = ["a": 1]
                _ = table.values
                _ = [1, 2].map { $0 }.count
            }
            """), ["Tests/T/T.swift:5: .values", "Tests/T/T.swift:8: .values", "Tests/T/T.swift:9: .values",
                   "Tests/T/T.swift:10: .values", "Tests/T/T.swift:12: .values"])

    def test_clock_is_flagged_by_the_receivers_type_not_its_name(self):
        self.assertEqual(self.findings({
            "Sources/CombineProbe/Factory.swift": """
                public typealias VirtualSchedulerOf<T> = VirtualScheduler
                extension DispatchQueue {
                    public static func virtualScheduler() -> VirtualSchedulerOf<DispatchQueue> { fatalError() }
                }
                struct Recorder { let clock: Int }
                """,
            "Tests/T/T.swift": """
                func world(s: VirtualScheduler, recorder: Recorder) {
                    let world = DispatchQueue.virtualScheduler()
                    _ = world.clock
                    _ = s.clock
                    _ = recorder.clock
                }
                """,
        }), ["Tests/T/T.swift:4: .clock", "Tests/T/T.swift:5: .clock"])

    def test_an_observable_model_is_flagged(self):
        self.assertEqual(self.in_test("""
            @Observable final class Counter {
                var count = 0
            }
            """), ["Tests/T/T.swift:2: Observable"])

    def test_the_librarys_own_api_is_flagged(self):
        self.assertEqual(self.in_test("""
            func world(scheduler: VirtualScheduler) {
                _ = scheduler.clock
                _ = scheduler.executor
                scheduler.advance(by: 1)
            }
            """), ["Tests/T/T.swift:3: .clock", "Tests/T/T.swift:4: .executor"])

    def test_a_new_free_function_is_flagged(self):
        self.assertEqual(self.in_test("""
            func track() {
                withObservationTracking { } onChange: { }
            }
            """), ["Tests/T/T.swift:3: withObservationTracking"])

    def test_the_message_says_what_to_add(self):
        with tempfile.TemporaryDirectory() as directory:
            root = pathlib.Path(directory)
            (root / "Package.swift").write_text(PACKAGE)
            (root / "Tests").mkdir()
            (root / "Tests" / "T.swift").write_text("let clock = ContinuousClock()\n")
            output = io.StringIO()
            with contextlib.redirect_stdout(output):
                status = check.main(["check-availability.py", str(root)])
            self.assertEqual(status, 1)
            self.assertIn("Tests/T.swift:1: ContinuousClock needs macOS 13.0 / iOS 16.0 / tvOS 16.0 / watchOS 9.0; "
                          "add @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) or #available",
                          output.getvalue())
            self.assertIn("availability: 1 files, 0 code blocks, 1 findings", output.getvalue())

    # The same uses under availability are not.

    def test_an_available_type_covers_its_members(self):
        self.assertEqual(self.in_test(A13 + """
            final class Model {
                let clock: any Clock<Duration>
                func sleep() async throws { try await Task.sleep(for: .seconds(1)) }
            }
            """), [])

    def test_an_available_extension_covers_its_members(self):
        self.assertEqual(self.in_test("""
            final class Model {}
            """ + A13 + """
            extension Model {
                func tick(clock: any Clock<Duration>) {}
            }
            """), [])

    def test_an_available_function_and_property_are_covered(self):
        self.assertEqual(self.in_test("""
            final class Model {
            """ + A15 + """
                func start(scheduler: VirtualScheduler) {
                    Task(executorPreference: scheduler.executor) { }
                }
            """ + A13 + """
                var clock: (any Clock<Duration>)? { nil }
            """ + A13 + """
                lazy var lazyClock: any Clock<Duration> = ContinuousClock()
            """ + A13 + """
                static let shared = ContinuousClock()
                let other = 1
            }
            """), [])

    def test_available_on_a_stored_property_is_flagged(self):
        # Swift refuses it on Apple platforms; Linux compiles it.
        self.assertEqual(self.in_test("""
            final class Model {
            """ + A13 + """
                var clock: (any Clock<Duration>)?
            """ + A13 + """
                let started = ContinuousClock.now
            """ + A13 + """
                var elapsed: Duration = .zero {
                    didSet { }
                }
            """ + A13 + """
                var computed: Duration { .zero }
            }
            protocol Timed {
            """ + A13 + """
                var elapsed: Duration { get }
            }
            """ + A13 + """
            struct Covered {
            """ + A13 + """
                var clock = ContinuousClock()
            }
            """), ["Tests/T/T.swift:4: 'clock'", "Tests/T/T.swift:6: 'started'", "Tests/T/T.swift:8: 'elapsed'"])

    def test_the_advice_for_a_stored_property_is_never_to_mark_it(self):
        with tempfile.TemporaryDirectory() as directory:
            root = pathlib.Path(directory)
            (root / "Package.swift").write_text(PACKAGE)
            (root / "Tests").mkdir()
            (root / "Tests" / "T.swift").write_text(
                "final class Model {\n    let clock = ContinuousClock()\n    " + A13 + "\n    let other = ContinuousClock()\n}\n")
            output = io.StringIO()
            with contextlib.redirect_stdout(output):
                check.main(["check-availability.py", str(root)])
            lines = output.getvalue().splitlines()
            self.assertIn("Tests/T.swift:2: ContinuousClock needs macOS 13.0 / iOS 16.0 / tvOS 16.0 / watchOS 9.0 "
                          "in a stored property, which cannot be marked @available: add @available(macOS 13.0, "
                          "iOS 16.0, tvOS 16.0, watchOS 9.0, *) to the enclosing type Model", lines[0])
            self.assertNotIn("or #available", lines[0])
            self.assertIn("Tests/T.swift:4: 'other' is a stored property: Swift refuses @available(", lines[1])
            self.assertIn("mark the enclosing type Model instead", lines[1])

    def test_a_platform_the_attribute_leaves_out_is_flagged(self):
        self.assertEqual(self.in_test("""
            @available(macOS 13.0, iOS 16.0, *)
            func tick(clock: any Clock<Duration>) {}
            """), ["Tests/T/T.swift:3: Clock", "Tests/T/T.swift:3: Duration"])

    def test_if_available_covers_its_block_only(self):
        self.assertEqual(self.in_test("""
            func tick(scheduler: VirtualScheduler) {
                if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
                    _ = scheduler.clock
                } else {
                    _ = scheduler.clock
                }
                _ = scheduler.clock
            }
            """), ["Tests/T/T.swift:6: .clock", "Tests/T/T.swift:8: .clock"])

    def test_if_available_covers_the_conditions_after_it(self):
        self.assertEqual(self.in_test("""
            func tick(scheduler: VirtualScheduler) {
                if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *), let clock = Optional(scheduler.clock) {
                    _ = clock
                }
            }
            """), [])

    def test_guard_available_covers_the_rest_of_its_scope(self):
        self.assertEqual(self.in_test("""
            func tick(scheduler: VirtualScheduler) {
                _ = scheduler.clock
                guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
                _ = scheduler.clock
                let work = { _ = scheduler.clock }
            }
            func after(scheduler: VirtualScheduler) {
                _ = scheduler.clock
            }
            """), ["Tests/T/T.swift:3: .clock", "Tests/T/T.swift:9: .clock"])

    def test_comments_and_strings_are_not_code(self):
        self.assertEqual(self.in_test('''
            // A Clock<Duration> in a comment, Task(executorPreference: nil)
            let text = "scheduler.clock and Mutex<Int>"
            /* Observations { } */
            '''), [])

    def test_a_test_type_marked_available_needs_availability_where_used(self):
        self.assertEqual(self.findings({
            "Tests/T/Model.swift": A15 + "\nfinal class WorldModel {}\n",
            "Tests/T/Uses.swift": "func make() { _ = WorldModel() }\n" + A15 + "\nfunc fine() { _ = WorldModel() }\n",
        }), ["Tests/T/Uses.swift:1: WorldModel"])

    # Code blocks of the documentation are checked as shown.

    def test_a_doc_block_with_its_own_available_line_passes(self):
        self.assertEqual(self.findings({"README.md": "Text.\n\n```swift\n" + A15 + """
            func testWorld() async {
                let scheduler = DispatchQueue.virtualScheduler()
                Task(executorPreference: scheduler.executor) { }
            }
            ```
            """}), [])

    def test_a_doc_block_relying_on_its_test_wrappers_availability_is_flagged(self):
        block = """
            func testWorld() async {
                let scheduler = DispatchQueue.virtualScheduler()
                let clock = scheduler.clock
            }
            """
        self.assertEqual(self.findings({
            "Documentation/Guide.md": "# Guide\n\n```swift" + textwrap.dedent(block) + "```\n",
            "Tests/T/Documentation/GuideTests.swift":
                A13 + "\nfinal class GuideTests: XCTestCase {" + textwrap.dedent(block) + "}\n",
        }), ["Documentation/Guide.md:6: .clock"])

    def test_a_doc_block_with_guard_available_passes(self):
        self.assertEqual(self.findings({"Documentation/Guide.md": """
            ```swift
            @Test func world() async throws {
                guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
                let scheduler = DispatchQueue.virtualScheduler()
                Task(executorPreference: scheduler.executor) { }
            }
            ```
            """}), [])


class DeploymentTargetTests(unittest.TestCase):
    def test_targets_are_read_from_package_swift(self):
        self.assertEqual(check.deployment_targets(PACKAGE), {
            "macOS": (10, 15, 0), "iOS": (13, 0, 0), "tvOS": (13, 0, 0), "watchOS": (6, 0, 0)})

    def test_string_targets_are_read_too(self):
        targets = check.deployment_targets('.macOS("11.0"), .iOS("14.0"), .tvOS(.v14), .watchOS(.v7)')
        self.assertEqual(targets["macOS"], (11, 0, 0))
        self.assertEqual(targets["watchOS"], (7, 0, 0))


class WrapperAvailabilityTests(unittest.TestCase):
    """availability_by_line, which check-doc-examples.py uses to refuse a block whose test grants it availability."""

    def test_the_availability_granted_at_each_line(self):
        targets = check.deployment_targets(PACKAGE)
        by_line = check.availability_by_line(textwrap.dedent("""\
            final class Plain {
                func test() {}
            }
            """ + A15 + """
            final class Wrapped {
                func test() {}
            }
            """), targets)
        self.assertEqual(by_line[2], {})
        self.assertEqual(by_line[6]["macOS"], (15, 0, 0))
        self.assertEqual(by_line[4], {})  # the attribute's own line: what the code above grants


if __name__ == "__main__":
    unittest.main()
