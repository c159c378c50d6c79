#!/usr/bin/env python3
"""Flags Apple API newer than the package's deployment targets used without availability.

Package.swift declares the deployment targets (macOS 10.15, iOS 13, tvOS 13,
watchOS 6). Every use of an API that Apple introduced later must sit under an
`@available(...)` that covers each of those platforms — on the declaration
itself, or on an enclosing type, extension or function — or inside an
`if #available(...) { }` block, or after a `guard #available(...) else { ... }`
in the same scope. This script finds the uses that do not, in:

- Sources/, Tests/, Examples/Sources, Examples/Tests and Benchmarks/Sources;
- every ```swift code block of README.md, Documentation/**/*.md and
  Sources/CombineProbe/CombineProbe.docc/**/*.md (the catalog's generated
  copies of the guides are skipped: their guide is checked; a symbolic link
  is read once). A block is checked as shown: only the `@available` lines it shows
  count, never those of the test that compiles it (scripts/check-doc-examples.py
  checks that side).

Where the availability comes from:

- the standard library, _Concurrency, Observation, Synchronization, Testing,
  _StringProcessing and RegexBuilder (`Regex`): the toolchain's own
  .swiftinterface files (the Linux toolchain keeps their `@available(macOS …,
  iOS …)` attributes), read at each run, with their declared types,
  conformances and typealiases. Dispatch ships no .swiftinterface on Linux;
  nothing of it newer than the targets is used here.
- Foundation's value types and their formatting (Date, URL, Date.FormatStyle
  and the rest of the FormatStyle family, AttributedString, Predicate, …):
  the toolchain's FoundationEssentials and FoundationInternationalization
  (swift-foundation, in Linux toolchains since Swift 6.0), which keep Apple's
  `@available` attributes. They ship as binary modules, with no
  .swiftinterface, so their symbol graphs are read (`swift-symbolgraph-extract`,
  about 1 s, cached with the interfaces).
- Combine, os, and the part of Foundation that Linux's swift-corelibs-foundation
  declares without Apple's availability (URLSession, NotificationCenter,
  String(localized:)) or lacks (URL.FormatStyle, PersonNameComponents.FormatStyle):
  the hand table below (HAND_TABLE), written from Apple's documentation
  (sources beside each entry). Where the toolchain declares a member that the
  hand table also gives, and states no availability for it
  (Measurement.FormatStyle), the table wins. XCTest's pages give no OS
  availability (the framework ships with Xcode), so it has no table.
- CombineProbe's own API: every declaration of Sources/CombineProbe with
  `@available(...)`, and the declarations of the target being checked (a test
  type marked `@available` must be used under availability too).

How a use is recognised. Types where the code shows them, names where it
does not; there is no type checker. The compiler's own type-checked output
(`swiftc -dump-ast`, SourceKit) is not used: on Linux it would need every
target built first (OpenCombine in place of Combine, whose availability it
does not carry), minutes per run on a shared machine, and it still would not
know Apple's Combine, Foundation and os availability, which only the hand
table has. So:

- a type, protocol or macro newer than the targets, by name (`Clock`,
  `Duration`, `Mutex`, `@Observable`, `#Predicate`, `AsyncPublisher`, `AttributedString`,
  `Regex` and regex literals `/…/`, `#/…/#`, `OSAllocatedUnfairLock`,
  `VirtualSchedulerClock`); `Logger` is os's unless the file imports swift-log's
  `Logging` and not os; a protocol with its primary associated types
  (`some AsyncSequence<Int, Never>`) needs its newest associated type
  (`Failure`, macOS 15);
- a free function by name and argument labels (`withTaskExecutorPreference`);
- an initializer by type name and labels (`Task(executorPreference:)`,
  `String(localized:)`);
- a nested type newer than its owner, as a member of it: referenced
  (`Date.FormatStyle.Symbol`, a type annotation) or called
  (`Date.FormatStyle()`, `Date.FormatStyle(date:time:)`: its initializers).
  What is declared inside a new type (`Date.FormatStyle.Symbol`, its
  initializers, `.dateTime`) is new with it, and the type is what is flagged,
  once per line;
- a member (`.name`) newer than the type it extends, when every declaration
  of that name that the call's labels could reach on the receiver's type is
  new: `.makeStream(of:)` is old, `Task.sleep(for:)` is new, `.values` is old
  on a Dictionary and new on a publisher. The receiver's type is seen where the
  file or the tables show it: a variable's or parameter's declared type, its
  initializer (`let world = DispatchQueue.virtualScheduler()`: the function's
  declared result, through typealiases), a function's result, a generic
  parameter's constraint (`<I: AsyncIteratorProtocol>`), `$property`,
  `.publisher`, and Combine's operators on a publisher (`subject.map { … }
  .values`); a type stands for every protocol its declarations and extensions
  conform it to (String → BidirectionalCollection). Where nothing shows the
  type, the receiver's name decides: one that ends with a type's last word is
  taken for that type (`scheduler.clock`), `…publisher`/`…subject` for a
  publisher; else every declaration of the member counts, and an old one
  anywhere leaves the use unflagged.
- `{` after `for … in x`, `while`, `if`, `guard`, `switch` or `catch` opens the
  statement's body, never a trailing closure (`for await v in subject.values {`).
- `@available` for a newer OS on a stored instance property of a type (a
  `let`/`var` with an initial value, observers or no accessors; not `static`
  or `lazy`) is flagged: Swift refuses it on Apple platforms ("stored
  properties cannot be marked potentially unavailable with '@available'")
  while Linux compiles it. A new type used by such a property is reported with
  the advice to mark the enclosing type or keep the value in a box behind a
  computed property, never the property itself.

Known limits of the symbol graphs: they carry no default values, so every
parameter of a Foundation declaration read from them counts as one a call may
leave out; swift-foundation's API that Apple has not shipped yet carries the
toolchain build's reading of its `FoundationPreview` availability; a member of a
nested type is named by its owner's path (`Date.FormatStyle`) and reached
only through a receiver the file shows, so a member newer than its nested type
behind an unknown receiver is not flagged (a short name, `Value`, never
reaches `PredicateExpressions.Value`).

Known limits: overloads that differ only by generic constraints (Combine's
`switchToLatest()` and `flatMap(maxPublishers:_:)` for `Never` failures,
macOS 11) cannot be told apart by syntax and are not flagged; the code here
keeps upstream and inner failures equal. A receiver whose type the file does
not show (a closure's parameter, a property of another file's type, an
expression with operators) falls back to its name. Variables are matched by
name to the nearest declaration above, without scopes. Enum cases with
associated values of a new type (also refused with `@available` on Apple) are
not flagged. Code in string interpolations is not read; every branch of `#if`
is. A false positive is silenced by an explicit `@available` on the code that
uses it, which is always correct.

The toolchain is the one of `swift` on PATH (or COMBINEPROBE_SWIFT_LIB, its
lib/swift folder), with `swift-symbolgraph-extract` beside it; its table is
cached in .build/check-availability.cache. A toolchain without
FoundationEssentials and FoundationInternationalization is refused, as one
without the standard library's .swiftinterface is.

Output: `path:line: <name> needs macOS X / iOS Y …; add @available(...) or
#available` per finding and exit status 1, or a summary line
"availability: N files, M code blocks, 0 findings".

Run it from the repository's root: `python3 scripts/check-availability.py`.
Its tests: `python3 -m unittest discover -s scripts/tests`.
"""
import glob
import json
import os
import pathlib
import pickle
import re
import shutil
import subprocess
import sys
import tempfile

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS")
NEVER = (10 ** 6,)  # `@available(watchOS, unavailable)`: no version covers a use
MODULES = {"Swift", "_Concurrency", "Observation", "Synchronization", "Testing", "Combine", "Foundation", "Dispatch",
           "_StringProcessing", "RegexBuilder", "os", "OSLog"}
SYMBOL_GRAPH_MODULES = ("FoundationEssentials", "FoundationInternationalization")
INTERFACE_MODULES = ("Swift", "_Concurrency", "Observation", "Synchronization", "Testing", "_StringProcessing", "RegexBuilder")

# Combine, os, and the part of Foundation that the toolchain does not state
# (swift-corelibs-foundation carries no Apple availability; swift-foundation's
# FoundationEssentials and FoundationInternationalization do, and are read from
# the toolchain), from Apple's documentation. Written as a Swift interface,
# parsed like the toolchain's; a nested type declared in an extension
# (`extension URL { struct FormatStyle }`) covers its initializers and its own
# nested types. Old declarations are listed where a new overload shares their
# name, so that the old form stays unflagged. Date.now, URL(filePath:),
# AttributedString and `formatted()` are in the toolchain's Foundation too; they
# stay here, with the same availability, for a toolchain whose swift-foundation
# lacks one.
# (Not here, read from the toolchain: `AsyncSequence<Element, Failure>` and
# `next(isolation:)`, macOS 15.0 / iOS 18.0 / tvOS 18.0 / watchOS 11.0, from
# _Concurrency.swiftinterface's `associatedtype Failure` and its `@available`;
# `Regex`, macOS 13.0 / iOS 16.0 / tvOS 16.0 / watchOS 9.0, from
# _StringProcessing.swiftinterface.)
HAND_TABLE = """
public protocol Publisher {}
public struct Just {} public struct Fail {} public struct Empty {} public struct Deferred {}
public struct Record {} public struct AnyPublisher {} public final class Future {}
public final class PassthroughSubject {} public final class CurrentValueSubject {}
public struct Published {}

// https://developer.apple.com/documentation/combine/asyncpublisher : macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public struct AsyncPublisher {}
// https://developer.apple.com/documentation/combine/asyncthrowingpublisher : the same
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public struct AsyncThrowingPublisher {}
extension Publisher {
  // https://developer.apple.com/documentation/combine/publisher/values-1dm9r and values-v7nz
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public var values: AsyncPublisher<Self> { get }
  // https://developer.apple.com/documentation/combine/publisher/assign(to:) : macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0
  @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
  public func assign(to published: inout Published<Output>.Publisher)
  // https://developer.apple.com/documentation/combine/publisher/assign(to:on:) : macOS 10.15, iOS 13.0
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable
  // https://developer.apple.com/forums/thread/650584 (Apple's documentation engineer on Combine in iOS 14):
  // new flavors of flatMap(maxPublishers:_:) and switchToLatest() for inner or
  // outer `Never` failures, macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0. They
  // differ from the 10.15 ones only by generic constraints: listed, not flaggable.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self>
  public func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self>
}

public class URLSession {}
extension URLSession {
  // https://developer.apple.com/documentation/foundation/urlsession/data(for:delegate:) and data(from:delegate:),
  // and the other async transfer methods of the same release: macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func data(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func upload(for request: URLRequest, from bodyData: Data, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func download(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (URL, URLResponse)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func bytes(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (URLSession.AsyncBytes, URLResponse)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func bytes(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (URLSession.AsyncBytes, URLResponse)
}
extension URLSession {
  // https://developer.apple.com/documentation/foundation/urlsession/asyncbytes : macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public struct AsyncBytes {}
}
public struct Date {}
extension Date {
  // https://developer.apple.com/documentation/foundation/date/now : macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public static var now: Date { get }
}
// The FormatStyle family is read from the toolchain (swift-foundation's FoundationInternationalization:
// Date.FormatStyle and its nested types, Date.ISO8601FormatStyle, IntegerFormatStyle, …), but for the
// styles that Linux's Foundation lacks or declares without availability:
extension URL {
  // https://developer.apple.com/documentation/foundation/url/formatstyle : macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public struct FormatStyle {}
}
public struct PersonNameComponents {}
extension PersonNameComponents {
  // https://developer.apple.com/documentation/foundation/personnamecomponents/formatstyle : macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public struct FormatStyle {}
}
public struct Measurement {}
extension Measurement {
  // https://developer.apple.com/documentation/foundation/measurement/formatstyle : macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
  // (Linux's FoundationInternationalization declares it with no availability.)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public struct FormatStyle {}
}
public struct URL {}
extension URL {
  // https://developer.apple.com/documentation/foundation/url/init(filepath:directoryhint:relativeto:)
  // and url/temporarydirectory, url/appending(path:directoryhint:): macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public init(filePath path: String, directoryHint: URL.DirectoryHint = .inferFromPath, relativeTo base: URL? = nil)
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public static var temporaryDirectory: URL { get }
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public func appending<S>(path: S, directoryHint: URL.DirectoryHint = .inferFromPath) -> URL
  public init(fileURLWithPath path: String)
  public init?(string: String)
  public func appendingPathComponent(_ pathComponent: String) -> URL
}
public class FileManager {}
extension FileManager {
  public var temporaryDirectory: URL { get }
}
extension Record {
  // https://developer.apple.com/documentation/combine/record/recording/output : macOS 10.15, iOS 13.0
  public struct Recording { public var output: [Output] { get } }
}

// https://developer.apple.com/documentation/foundation/date/formatted() , date/formatted(date:time:) and
// date/formatted(_:) ; binaryinteger/formatted() , binaryfloatingpoint/formatted() , decimal/formatted() :
// macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
extension Date {
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted() -> String
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted(date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle) -> String
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted<F>(_ format: F) -> F.FormatOutput
}
extension BinaryInteger {
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted() -> String
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted<S>(_ format: S) -> S.FormatOutput
}
extension BinaryFloatingPoint {
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted() -> String
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func formatted<S>(_ format: S) -> S.FormatOutput
}
// https://developer.apple.com/documentation/swift/string/init(localized:table:bundle:locale:comment:) and
// init(localized:defaultvalue:table:bundle:locale:comment:): macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
extension String {
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public init(localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil)
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public init(localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil)
  public init(format: String, _ arguments: CVarArg...)
}
// https://developer.apple.com/documentation/foundation/attributedstring : macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public struct AttributedString {}
public class NotificationCenter {}
extension NotificationCenter {
  // https://developer.apple.com/documentation/foundation/notificationcenter/notifications(named:object:) :
  // macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Notifications
  // https://developer.apple.com/documentation/foundation/notificationcenter/notifications : the same
  @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
  public struct Notifications {}
  // https://developer.apple.com/documentation/foundation/notificationcenter/publisher(for:object:) : macOS 10.15
  public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher
}

// os, not in the toolchain either.
// https://developer.apple.com/documentation/os/logger : macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct Logger {}
// https://developer.apple.com/documentation/os/osallocatedunfairlock : macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct OSAllocatedUnfairLock {}
"""

# A name of the tables that another module's type shares: not flagged in a file
# that imports that module and not the table's (swift-log's `Logger`).
SHADOWED_BY_IMPORT = {"Logger": ({"Logging"}, {"os", "OSLog"})}

# Receivers named like these are taken for a publisher (`subject.values`).
PUBLISHER_RECEIVERS = re.compile(r"(?i)(publisher|subject)$")
CONFORMANCES = {name: {"Publisher"} for name in (
    "Just", "Fail", "Empty", "Deferred", "Record", "AnyPublisher", "Future",
    "PassthroughSubject", "CurrentValueSubject", "Published")}

# A symbol graph's kinds (swift-symbolgraph-extract), as the keywords that declare them.
SYMBOL_TYPE_KINDS = {"swift.struct": "struct", "swift.class": "class", "swift.enum": "enum",
                     "swift.protocol": "protocol", "swift.actor": "actor", "swift.typealias": "typealias",
                     "swift.associatedtype": "associatedtype", "swift.macro": "macro"}
SYMBOL_MEMBER_KINDS = {"swift.method": "func", "swift.type.method": "func", "swift.func": "func",
                       "swift.property": "var", "swift.type.property": "var", "swift.enum.case": "case",
                       "swift.init": "init"}

DECL_TYPES = {"struct", "class", "enum", "protocol", "actor", "typealias", "macro", "associatedtype"}
DECL_KEYWORDS = DECL_TYPES | {"extension", "func", "init", "var", "let", "case", "subscript", "deinit"}
CONTINUATION = {"{", ".", "->", "where", "throws", "rethrows", "async", "=", ":", ",", "&&", "||", "?", ")", "]",
                ">", "+", "-", "*", "/", "&", "|", "??", "==", "!=", "<", "in"}


# ---------------------------------------------------------------- versions

def version(text):
    parts = [int(part) for part in text.split(".") if part.isdigit()]
    return tuple((parts + [0, 0, 0])[:3])


def show(v):
    if v == NEVER:
        return "(unavailable)"
    return ".".join(str(part) for part in (v[:2] if not v[2] else v))


def deployment_targets(package_swift):
    """The `platforms:` of Package.swift: `.macOS(.v10_15)` or `.macOS("10.15")`."""
    targets = {}
    for platform, value in re.findall(r"\.(macOS|iOS|tvOS|watchOS)\(\s*([^)]*)\)", package_swift):
        value = value.strip().strip('"')
        if value.startswith(".v"):
            value = value[2:].replace("_", ".")
        targets[platform] = version(value)
    missing = [p for p in PLATFORMS if p not in targets]
    if missing:
        sys.exit(f"check-availability: no deployment target for {', '.join(missing)} in Package.swift")
    return targets


def merge(a, b):
    """The availability of code under both `a` and `b`."""
    if not b:
        return a
    out = dict(a)
    for platform, v in b.items():
        if v > out.get(platform, ()):
            out[platform] = v
    return out


def newer(req, have):
    """The platforms on which `req` is not covered by `have`."""
    return [p for p in PLATFORMS if p in req and req[p] > have.get(p, ())]


def lowest(reqs):
    out = {}
    for req in reqs:
        for p in PLATFORMS:
            if p in req:
                out[p] = min(out[p], req[p]) if p in out else req[p]
    return out


# ---------------------------------------------------------------- lexing

SPECIAL = re.compile(r'[/"#]')


BARE_REGEX = re.compile(r"/(?![\s*/=)])(?:\\.|[^\\/\n])*?(?<![\s\\])/(?![/*])")


KEYWORD_BEFORE = re.compile(r"\b(return|try|case|in)$")


def regex_literal_at(text, i):
    """The length of the bare regex literal `/…/` at text[i], or 0: only where an expression starts."""
    # Only the few characters before `i` are read (the longest keyword, and the
    # one before it for the word boundary): the whole prefix made it quadratic.
    j = i
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    if j and text[j - 1] not in "(,=:[{!;&|?\n" and not KEYWORD_BEFORE.search(text, max(0, j - 7), j):
        return 0
    m = BARE_REGEX.match(text, i)
    return len(m.group()) if m else 0


def strip_swift(text):
    """`text` with comments and string literals blanked, lines kept in place."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
            hashes = len(text[i:]) - len(text[i:].lstrip("#"))
            start = i + hashes
            triple = text.startswith('"""', start)
            quote = '"""' if triple else '"'
            close = quote + "#" * hashes
            j = start + len(quote)
            while j < n:
                if text[j] == "\\" and not hashes:
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                if text[j] == "\n" and not triple:
                    break
                j += 1
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"' if j - i >= 2 else text[i:j])
            i = j
        elif c == "#" and text.startswith("#/", i) or c == "/" and regex_literal_at(text, i):
            # A regex literal (`#/…/#`, `/…/`) is a Regex, macOS 13: it reads as the type's name.
            if c == "#":
                hashes = len(text[i:]) - len(text[i:].lstrip("#"))
                close = text.find("/" + "#" * hashes, i + hashes + 1)
                j = n if close < 0 else close + 1 + hashes
            else:
                j = i + regex_literal_at(text, i)
            out.append("Regex" + re.sub(r"[^\n]", "", text[i:j]))
            i = j
        else:
            m = SPECIAL.search(text, i + 1)
            j = m.start() if m else n
            out.append(text[i:j])
            i = j
    return "".join(out)


TOKEN = re.compile(r"`[^`\n]+`|[@#$]?[A-Za-z_][A-Za-z0-9_]*|\$[0-9]+|[0-9][0-9_.]*[A-Za-z0-9_]*|->|&&|\|\||\?\?|==|!=|\n|\S")


class Token:
    __slots__ = ("text", "line", "newline_before")

    def __init__(self, text, line, newline_before):
        self.text, self.line, self.newline_before = text, line, newline_before


def tokenize(text, first_line=1):
    tokens, line, newline = [], first_line, True
    for match in TOKEN.finditer(strip_swift(text)):
        t = match.group()
        if t == "\n":
            line += 1
            newline = True
            continue
        if t.startswith("`"):
            t = t[1:-1]
        tokens.append(Token(t, line, newline))
        newline = False
    return tokens


def is_identifier(t):
    return bool(re.match(r"[A-Za-z_$]", t))


def matching(tokens, i, open_, close):
    """The index of the token that closes tokens[i] (an `open_`), or len(tokens)."""
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j].text == open_:
            depth += 1
        elif tokens[j].text == close:
            depth -= 1
            if depth == 0:
                return j
    return len(tokens)


def split_top(tokens, angles=False):
    """Splits tokens at the commas outside any bracket (and generic angle brackets if `angles`)."""
    opening, closing = ("([{<", ")]}>") if angles else ("([{", ")]}")
    parts, current, depth = [], [], 0
    for t in tokens:
        if len(t.text) == 1 and t.text in opening:
            depth += 1
        elif len(t.text) == 1 and t.text in closing:
            depth -= 1
        if t.text == "," and depth == 0:
            parts.append(current)
            current = []
        else:
            current.append(t)
    if current:
        parts.append(current)
    return parts


def availability_arguments(tokens):
    """The platforms of `@available(...)` / `#available(...)` arguments, or None (`*, deprecated`)."""
    out = {}
    for part in split_top(tokens):
        words = [t.text for t in part]
        if not words or words[0] not in PLATFORMS:
            continue
        if len(words) >= 2 and re.match(r"[0-9]", words[1]):
            out[words[0]] = version(words[1])
        elif "unavailable" in words:
            out[words[0]] = NEVER
        elif "introduced" in words and words.index("introduced") + 2 < len(words):
            out[words[0]] = version(words[words.index("introduced") + 2])
    return out or None


# ---------------------------------------------------------------- declarations

class Param:
    __slots__ = ("label", "optional")

    def __init__(self, label, optional):
        self.label, self.optional = label, optional


class Decl:
    __slots__ = ("kind", "name", "owner", "params", "avail", "status", "origin", "type")

    def __init__(self, kind, name, owner, params, avail, origin, type_=None):
        self.kind, self.name, self.owner, self.params, self.avail = kind, name, owner, params, avail
        self.status = None  # "old", "new" (newer than its type) or "inherited" (new with its type)
        self.origin = origin
        self.type = type_  # the type a property holds or a function returns, as written, or None


def parameters(tokens, i):
    """The parameters of the list that opens at tokens[i] (a `(`), and the index after it."""
    end = matching(tokens, i, "(", ")")
    params = []
    for part in split_top(tokens[i + 1:end], angles=True):
        words = [t.text for t in part]
        if not words:
            continue
        colon = words.index(":") if ":" in words else -1
        names = words[:colon] if colon >= 0 else []
        label = None
        if names and is_identifier(names[0]):
            label = None if names[0] == "_" else names[0]
        rest = words[colon + 1:] if colon >= 0 else words
        optional = "=" in rest or "->" in rest or "..." in "".join(rest)
        params.append(Param(label, optional))
    return params, end + 1


class Scope:
    __slots__ = ("kind", "name", "avail", "paren_base", "guard_else", "guard_avail", "decl_kind")

    def __init__(self, kind, name, avail, paren_base, decl_kind=None):
        self.kind, self.name, self.avail, self.paren_base = kind, name, avail, paren_base
        self.guard_else = False
        self.guard_avail = None
        self.decl_kind = decl_kind


def is_stored_instance_property(tokens, i):
    """Whether the `var`/`let` at tokens[i], a member of a type, is an instance property with storage.

    Swift refuses `@available` for a newer OS on such a property ("stored
    properties cannot be marked potentially unavailable"); `static` and `lazy`
    ones are initialized lazily and may carry it.
    """
    j = i - 1
    while j >= 0 and tokens[j].line == tokens[i].line:
        if tokens[j].text in ("static", "class", "lazy"):
            return False
        j -= 1
    depth, k = 0, i + 1
    while k < len(tokens):
        t = tokens[k].text
        if depth == 0 and k > i + 2 and tokens[k].newline_before and t not in CONTINUATION:
            return True  # no initial value, no accessors: `var clock: Clock?`
        if t in ("(", "["):
            depth += 1
        elif t in (")", "]"):
            depth -= 1
        elif depth == 0 and t == "=":
            return True
        elif depth == 0 and t == "{":
            return k + 1 < len(tokens) and tokens[k + 1].text in ("willSet", "didSet")
        elif depth == 0 and t == "}":
            return True
        k += 1
    return True


def scan(tokens, on_decl=None, on_token=None, on_position=None, on_stored=None, context=None):
    """Walks tokens with the availability in force at each.

    on_stored(index, type_name, avail_own, avail_enclosing) is called for each
    stored instance property of a type; while its declaration is read,
    context["stored"] (if a context is given) is the name of its type.

    on_decl(kind, name, owner, params, avail_own, avail_effective, top_level, index)
    is called for each declaration (index: its keyword's); on_token(index, availability) for each
    token outside attributes and declaration names; on_position(index,
    availability) for every token, with the availability in force before it
    (what the code above it grants).
    """
    stack = [Scope("file", None, {}, 0)]
    parens = 0
    attrs = {}            # @available seen since the last declaration ended
    decl = None           # (kind, name, params, attrs) of the declaration being read
    decl_parens = 0
    decl_at = 0
    cond = None           # ("if" | "guard", availability) waiting for its `{`
    statement = None      # the last `if` / `guard` / `while` keyword of this scope
    i, n = 0, len(tokens)

    def in_force():
        avail = {}
        for scope in stack:
            avail = merge(avail, scope.avail)
        avail = merge(avail, attrs)
        if decl:
            avail = merge(avail, decl[3])
        if cond:  # the conditions after `#available` in the same `if` or `guard`
            avail = merge(avail, cond[1])
        return avail

    def owner():
        for scope in reversed(stack):
            if scope.kind in ("type", "extension"):
                return scope.name
            if scope.kind != "file":
                return False  # a local declaration
        return None

    def end_decl():
        nonlocal decl, attrs
        if context is not None:
            context["stored"] = None
        if decl and on_decl:
            kind, name, params, own = decl
            where = owner()
            if where is not False:
                on_decl(kind, name, where, params, own, merge(in_force(), own), where is None, decl_at)
        decl = None
        attrs = {}

    while i < n:
        tok = tokens[i]
        t = tok.text
        # A declaration without a body ends where its line ends.
        if decl and tok.newline_before and parens == decl_parens and t not in CONTINUATION \
                and not (decl[0] in ("var", "let") and t in ("get", "set")):
            end_decl()
        if on_position:
            on_position(i, in_force())
        if t == "@available" and i + 1 < n and tokens[i + 1].text == "(":
            end = matching(tokens, i + 1, "(", ")")
            if decl and parens == decl_parens:
                end_decl()
            attrs = merge(attrs, availability_arguments(tokens[i + 2:end]) or {})
            i = end + 1
            continue
        if t == "#available" and i + 1 < n and tokens[i + 1].text == "(":
            end = matching(tokens, i + 1, "(", ")")
            cond = (statement or "if", availability_arguments(tokens[i + 2:end]) or {})
            i = end + 1
            continue
        if t in ("if", "guard", "while") and parens == stack[-1].paren_base:
            statement = t
        if t in DECL_KEYWORDS and parens == stack[-1].paren_base \
                and not (t == "class" and i + 1 < n and tokens[i + 1].text in DECL_KEYWORDS) \
                and not (t in ("actor", "macro") and not (i + 1 < n and is_identifier(tokens[i + 1].text))) \
                and (i == 0 or tokens[i - 1].text not in (".", "(", ",")) \
                and not (t == "case" and stack[-1].kind not in ("type", "extension")):
            if decl and parens == decl_parens:
                end_decl()
            name, params, j = None, None, i + 1
            if t in ("init", "subscript", "deinit"):
                name = t
            elif j < n:
                name = tokens[j].text
                j += 1
                if t == "extension":
                    while j + 1 < n and tokens[j].text == "." and is_identifier(tokens[j + 1].text):
                        name = tokens[j + 1].text
                        j += 2
            if t in ("init", "func", "case", "macro", "subscript"):
                while j < n and tokens[j].text in ("?", "!"):
                    j += 1
                if j < n and tokens[j].text == "<":
                    j = matching(tokens, j, "<", ">") + 1
                if j < n and tokens[j].text == "(":
                    params, _ = parameters(tokens, j)
            if t in ("var", "let") and stack[-1].kind == "type" and stack[-1].decl_kind != "protocol" \
                    and is_stored_instance_property(tokens, i):
                if on_stored:
                    enclosing = {}
                    for scope in stack:
                        enclosing = merge(enclosing, scope.avail)
                    on_stored(i, stack[-1].name, attrs, enclosing)
                if context is not None:
                    context["stored"] = stack[-1].name
            decl = (t, name, params, attrs)
            decl_at = i
            decl_parens = parens
            attrs = {}
            named = t not in ("init", "subscript", "deinit") and name and is_identifier(name)
            i += 2 if named else 1
            continue
        if t in "([" and len(t) == 1:
            parens += 1
        elif t in ")]" and len(t) == 1:
            parens -= 1
        elif t == "{":
            if cond and cond[0] == "guard" and parens == stack[-1].paren_base:
                scope = Scope("block", None, {}, parens)
                scope.guard_else = True
                scope.guard_avail = cond[1]
                cond = None
            elif cond and parens == stack[-1].paren_base:
                scope = Scope("block", None, cond[1], parens)
                cond = None
            elif decl and parens == decl_parens:
                kind, name, params, own = decl
                where = owner()
                if on_decl and where is not False:
                    on_decl(kind, name, where, params, own, merge(in_force(), own), where is None, decl_at)
                scope_kind = "type" if kind in DECL_TYPES else ("extension" if kind == "extension" else "body")
                scope = Scope(scope_kind, name, own, parens, kind)
                decl = None
                attrs = {}
                if context is not None:
                    context["stored"] = None
            else:
                scope = Scope("block", None, {}, parens)
            stack.append(scope)
            statement = None
            i += 1
            continue
        elif t == "}":
            if decl and parens == decl_parens:
                end_decl()
            if len(stack) > 1:
                closed = stack.pop()
                parens = closed.paren_base
                if closed.guard_else:
                    stack[-1].avail = merge(stack[-1].avail, closed.guard_avail)
            attrs = {}
            statement = None
            i += 1
            continue
        if on_token:
            on_token(i, in_force())
        i += 1
    end_decl()


# ---------------------------------------------------------------- tables

def conformances(tokens):
    """name -> protocols, from `struct Name<…>: A, B`, `protocol P: Q` and `extension Module.Name: A`."""
    out, n = {}, len(tokens)
    for i, tok in enumerate(tokens):
        if tok.text not in ("struct", "class", "enum", "actor", "extension", "protocol") or i + 1 >= n:
            continue
        j = i + 1
        name = tokens[j].text
        while j + 2 < n and tokens[j + 1].text == "." and is_identifier(tokens[j + 2].text):
            j += 2
            name = tokens[j].text
        if not is_identifier(name) or name in DECL_KEYWORDS:
            continue
        j += 1
        if j < n and tokens[j].text == "<":
            j = matching(tokens, j, "<", ">") + 1
        if j < n and tokens[j].text == ":":
            k, found = j + 1, set()
            while k < n and tokens[k].text not in ("{", "where") and k < j + 40:
                if is_identifier(tokens[k].text) and tokens[k].text[:1].isupper() and tokens[k].text not in MODULES:
                    found.add(tokens[k].text)
                k += 1
            if found:
                out.setdefault(name, set()).update(found)
    return out


class Table:
    """Declarations by name. A table made with a parent adds its own to the parent's."""

    def __init__(self, targets, parent=None):
        self.targets, self.parent = targets, parent
        self.types = {}      # name -> [availability of each top-level declaration]
        self.members = {}    # name -> [Decl]
        self.functions = {}  # name -> [Decl]
        self.inits = {}      # type name -> [Decl]
        self.assoc = {}      # protocol name -> [availability of each associated type]
        self.conforms = {}   # type or protocol name -> [the protocols it declares it conforms to or refines]
        self.aliases = {}    # typealias name -> [the type it names, as written]
        self.closures = {}
        self.resolved = {}
        self.pending = []

    def lookup(self, kind, name):
        own = getattr(self, kind).get(name, [])
        if not self.parent:
            return own
        inherited = self.parent.lookup(kind, name)
        stated = {(d.owner, d.name) for d in own if d.origin == "hand table"} if kind in ("members", "inits") else ()
        if stated:  # Apple's fact, from the hand table, over a toolchain declaration that states none
            inherited = [d for d in inherited if d.avail or d.origin != "toolchain" or (d.owner, d.name) not in stated]
        return inherited + own

    def add_source(self, text, origin):
        tokens = tokenize(text)

        def on_decl(kind, name, owner, params, own, avail, top_level, index):
            if not name or not is_identifier(name):
                return
            if kind == "typealias" and top_level:
                written = declared_type(tokens, index)
                if written:
                    self.aliases.setdefault(name, []).append(written)
            if kind == "associatedtype" and owner:
                self.assoc.setdefault(owner, []).append(avail)
            if kind in DECL_TYPES:
                if top_level and kind != "associatedtype":
                    self.types.setdefault(name, []).append(avail)
                elif owner and kind not in ("associatedtype", "typealias"):
                    self.add_nested(kind, name, owner, avail, origin)
                return
            if kind in ("extension", "deinit", "subscript"):
                return
            d = Decl(kind, name, owner, params, avail, origin, declared_type(tokens, index))
            if kind == "init":
                if owner:
                    self.inits.setdefault(owner, []).append(d)
            elif owner:
                self.members.setdefault(name, []).append(d)
            elif kind == "func":
                self.functions.setdefault(name, []).append(d)
            else:
                return
            self.pending.append(d)

        scan(tokens, on_decl=on_decl)
        for name, protocols in conformances(tokens).items():
            self.conforms.setdefault(name, []).append(protocols)

    def add_nested(self, kind, name, owner, avail, origin):
        """A type declared inside another (`Date.FormatStyle`): a member of its owner, which a call
        (`Date.FormatStyle()`, its initializers) or a reference (`Date.FormatStyle.Symbol`) reaches."""
        d = Decl(kind, name, owner, None, avail, origin, name)
        self.members.setdefault(name, []).append(d)
        self.pending.append(d)

    def add_symbol_graphs(self, graphs, origin):
        """The declarations of symbol graphs (`swift-symbolgraph-extract`'s JSON), as add_source reads
        a Swift interface: types, nested types, initializers, members, functions, conformances.

        A member's availability includes its enclosing types' (the graph gives each symbol its own
        attributes only). The owner of a member of a nested type is named by its path
        (`Date.FormatStyle`), so that a receiver known by a short name only (`FormatStyle`, `Value`)
        never reaches it: such members are new with their type ("inherited") but for a few, and
        the nested type itself (`Date.FormatStyle`, a member of `Date`) is what is flagged. A
        symbol graph has no default values: every parameter counts as one a call may leave out,
        so a call reaches every declaration whose labels it can match.
        """
        symbols = [s for graph in graphs for s in graph.get("symbols", [])
                   if "::SYNTHESIZED::" not in s["identifier"]["precise"]
                   and not any(c.startswith("_") for c in s["pathComponents"])]
        own = {}
        for s in symbols:
            avail, unavailable = {}, False
            for entry in s.get("availability") or []:
                domain = entry.get("domain")
                if domain == "*" and entry.get("isUnconditionallyUnavailable"):
                    unavailable = True
                elif domain in PLATFORMS and entry.get("isUnconditionallyUnavailable"):
                    avail[domain] = NEVER
                elif domain in PLATFORMS and "introduced" in entry:
                    v = entry["introduced"]
                    avail[domain] = (v.get("major", 0), v.get("minor", 0), v.get("patch", 0))
            own[s["identifier"]["precise"]] = None if unavailable else avail
        types = {}
        for s in symbols:
            if s["kind"]["identifier"] in SYMBOL_TYPE_KINDS and own[s["identifier"]["precise"]] is not None:
                types.setdefault(tuple(s["pathComponents"]), []).append(own[s["identifier"]["precise"]])

        def type_avail(path):
            """The availability of the type at `path`, with its enclosing types', or None if unknown."""
            out = None
            for k in range(1, len(path) + 1):
                found = types.get(tuple(path[:k]))
                if found:
                    out = merge(out or {}, lowest(found))
            return out

        names = {}
        for s in symbols:
            avail = own[s["identifier"]["precise"]]
            if avail is None:
                continue
            path = s["pathComponents"]
            parent = type_avail(path[:-1]) if len(path) > 1 else None
            avail = merge(parent or {}, avail)
            kind = s["kind"]["identifier"]
            text = "".join(f.get("spelling", "") for f in s.get("declarationFragments", []))
            name = path[-1].split("(")[0]
            owner = ".".join(path[:-1]) if len(path) > 2 else (path[0] if len(path) == 2 else None)
            names[s["identifier"]["precise"]] = name if kind in SYMBOL_TYPE_KINDS else None
            if kind in SYMBOL_TYPE_KINDS:
                word = SYMBOL_TYPE_KINDS[kind]
                if word == "associatedtype":
                    if owner:
                        self.assoc.setdefault(owner, []).append(avail)
                    continue
                if owner is None:
                    self.types.setdefault(name, []).append(avail)
                    if word == "typealias" and "=" in text:
                        self.aliases.setdefault(name, []).append(text.split("=", 1)[1].strip())
                    continue
                if word == "typealias":
                    continue
                d = Decl(word, name, owner, None, avail, origin, name)
                self.members.setdefault(name, []).append(d)
            else:
                word = SYMBOL_MEMBER_KINDS.get(kind)
                if word is None or (owner is None and word != "func"):
                    continue
                params = None
                if "(" in path[-1]:
                    labels = path[-1][path[-1].index("(") + 1:-1].split(":")[:-1]
                    params = [Param(None if label == "_" else label, True) for label in labels]
                written = None
                if word == "func" and "->" in text:
                    written = text.rsplit("->", 1)[1].split(" where ")[0].strip()
                elif word == "var" and ":" in text:
                    written = text.split(":", 1)[1].split("{")[0].strip()
                d = Decl(word, "init" if word == "init" else name, owner, params, avail, origin, written)
                if word == "init":
                    self.inits.setdefault(owner, []).append(d)
                elif owner:
                    self.members.setdefault(name, []).append(d)
                else:
                    self.functions.setdefault(name, []).append(d)
            if not newer(avail, self.targets):
                d.status = "old"
            elif parent is not None and newer(parent, self.targets):
                d.status = "inherited" if not newer(avail, parent) else "new"
            elif parent is not None:
                d.status = "new"
            else:
                self.pending.append(d)  # a member of another module's type (`BinaryInteger`): settle()
        for graph in graphs:
            for r in graph.get("relationships", []):
                if r.get("kind") in ("conformsTo", "inheritsFrom") and names.get(r["source"]):
                    target = (r.get("targetFallback") or "").split(".")[-1] or names.get(r["target"])
                    if target:
                        self.conforms.setdefault(names[r["source"]], []).append({target})

    def to_data(self):
        """The table as plain data (for the cache)."""
        def decls(table):
            return {name: [(d.kind, d.name, d.owner, [(p.label, p.optional) for p in d.params]
                            if d.params is not None else None, d.avail, d.status, d.origin, d.type) for d in ds]
                    for name, ds in table.items()}
        return {"types": self.types, "assoc": self.assoc, "conforms": self.conforms, "aliases": self.aliases, "members": decls(self.members), "functions": decls(self.functions),
                "inits": decls(self.inits)}

    @classmethod
    def from_data(cls, targets, data):
        table = cls(targets)
        table.types = data["types"]
        table.assoc = data["assoc"]
        table.conforms = data["conforms"]
        table.aliases = data["aliases"]
        for kind in ("members", "functions", "inits"):
            out = getattr(table, kind)
            for name, ds in data[kind].items():
                for kind_, decl_name, owner, params, avail, status, origin, type_ in ds:
                    d = Decl(kind_, decl_name, owner, None if params is None else [Param(*p) for p in params],
                             avail, origin, type_)
                    d.status = status
                    out.setdefault(name, []).append(d)
        return table

    def type_requirement(self, name):
        """The availability a type needs, if newer than the targets on some platform."""
        avails = self.lookup("types", name)
        if not avails or any(not newer(a, self.targets) for a in avails):
            return None
        return lowest(avails)

    def owner_requirement(self, name):
        """The availability an owner type needs, declared at the top level or nested
        (`FormatStyle` of `Date.FormatStyle.Symbol`), if every declaration of that name is newer
        than the targets."""
        avails = self.lookup("types", name) + [d.avail for d in self.lookup("members", name)
                                               if d.kind in DECL_TYPES]
        if not avails or any(not newer(a, self.targets) for a in avails):
            return None
        return lowest(avails)

    def resolve(self, names, seen=frozenset()):
        """`names` with each top-level typealias replaced by the type it names
        (VirtualSchedulerOf → VirtualScheduler)."""
        if not names:
            return names
        out = set()
        for name in names:
            if name not in self.resolved:
                targets = self.lookup("aliases", name) if name not in seen else []
                resolved = [type_names(t) for t in targets]
                if resolved and all(resolved):
                    self.resolved[name] = set().union(*(self.resolve(r, seen | {name}) for r in resolved))
                else:
                    self.resolved[name] = {name}
            out |= self.resolved[name]
        return out

    def supertypes(self, name):
        """`name` and every protocol it conforms to, as its declarations and extensions say
        (String → BidirectionalCollection, Collection, Sequence, …)."""
        if name not in self.closures:
            out, todo = {name}, [name]
            while todo:
                for protocols in self.lookup("conforms", todo.pop()):
                    for p in protocols - out:
                        out.add(p)
                        todo.append(p)
            self.closures[name] = out
        return self.closures[name]

    def parameterized_requirement(self, name):
        """What `name<…>` (a protocol with its primary associated types, `AsyncSequence<Int, Never>`) needs
        beyond the protocol: its newest associated type (`Failure`, macOS 15), if newer than the targets."""
        avails = [a for a in self.lookup("assoc", name) if newer(a, self.targets)]
        if not avails:
            return None
        out = {}
        for a in avails:
            out = merge(out, a)
        return out

    def settle(self):
        """Classifies each new declaration: old, new, or new with its type ("inherited")."""
        for d in self.pending:
            if d.status is not None:
                continue
            if not newer(d.avail, self.targets):
                d.status = "old"
                continue
            of_type = self.owner_requirement(d.owner) if d.owner else None
            d.status = "inherited" if of_type is not None and not newer(d.avail, of_type) else "new"
        self.pending = []
        return self


def toolchain_roots():
    """The lib/swift folders to look in: COMBINEPROBE_SWIFT_LIB's, that of `swift` on PATH, the usual ones."""
    roots = []
    if os.environ.get("COMBINEPROBE_SWIFT_LIB"):
        roots.append(os.environ["COMBINEPROBE_SWIFT_LIB"])
    swift = shutil.which("swift")
    if swift:
        roots.append(os.path.normpath(os.path.join(os.path.dirname(os.path.realpath(swift)), "..", "lib", "swift")))
    return roots + ["/opt/swift/usr/lib/swift", "/usr/lib/swift"]


def interface_files():
    """The .swiftinterface of each module of INTERFACE_MODULES, from the toolchain of `swift` on PATH."""
    roots = toolchain_roots()
    found = []
    for module in INTERFACE_MODULES:
        for root in roots:
            files = [f for f in glob.glob(os.path.join(root, "*", f"{module}.swiftmodule", "*.swiftinterface"))
                     if ".private." not in f]
            if files:
                found.append(sorted(files)[0])
                break
    if not any(f"/Swift.swiftmodule/" in f for f in found):
        sys.exit("check-availability: the standard library's .swiftinterface was not found "
                 f"(looked in {', '.join(roots)}); set COMBINEPROBE_SWIFT_LIB to the toolchain's lib/swift")
    return found


def symbol_graph_modules():
    """The binary module of each module of SYMBOL_GRAPH_MODULES in the toolchain of `swift` on PATH:
    [(module, its .swiftmodule file, the target triple)]. Exits when one is missing."""
    found = []
    for module in SYMBOL_GRAPH_MODULES:
        for root in toolchain_roots():
            files = sorted(glob.glob(os.path.join(root, "*", f"{module}.swiftmodule", "*.swiftmodule")))
            if files:  # linux/M.swiftmodule/<triple>.swiftmodule
                found.append((module, files[0], os.path.basename(files[0])[:-len(".swiftmodule")]))
                break
            files = sorted(f for f in glob.glob(os.path.join(root, "*", "*", f"{module}.swiftmodule"))
                           if os.path.isfile(f))
            if files:  # linux/<arch>/M.swiftmodule, an older layout
                found.append((module, files[0], f"{os.path.basename(os.path.dirname(files[0]))}-unknown-linux-gnu"))
                break
        else:
            sys.exit(f"check-availability: the toolchain has no {module} module (looked in "
                     f"{', '.join(toolchain_roots())}); Foundation's availability is read from it "
                     "(swift-foundation, in Linux toolchains since Swift 6.0)")
    return found


def symbol_graphs(modules):
    """The symbol graphs of `modules` (symbol_graph_modules()), from swift-symbolgraph-extract: each
    module's own and those of its extensions to other modules (`…@Swift.symbols.json`)."""
    tool = shutil.which("swift-symbolgraph-extract")
    swift = shutil.which("swift")
    if swift and os.path.exists(os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-symbolgraph-extract")):
        tool = os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-symbolgraph-extract")
    if not tool:
        sys.exit("check-availability: swift-symbolgraph-extract, which reads Foundation's availability "
                 "from the toolchain, is not on PATH nor beside `swift`")
    graphs = []
    with tempfile.TemporaryDirectory() as out:
        for module, path, triple in modules:
            run = subprocess.run([tool, "-module-name", module, "-target", triple, "-output-dir", out,
                                  "-minimum-access-level", "public",
                                  "-I", os.path.dirname(os.path.dirname(path)), "-I", os.path.dirname(path)],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"check-availability: swift-symbolgraph-extract failed for {module} "
                         f"(status {run.returncode}): {run.stderr.strip()[-2000:]}")
        for f in sorted(glob.glob(os.path.join(out, "*.symbols.json"))):
            with open(f) as stream:
                graphs.append(json.load(stream))
    return graphs


# ---------------------------------------------------------------- uses

def call_labels(tokens, i):
    """The labels of the call whose `(` is tokens[i], and the count of unlabeled arguments."""
    end = matching(tokens, i, "(", ")")
    labels, unlabeled = [], 0
    for part in split_top(tokens[i + 1:end]):
        if len(part) >= 2 and is_identifier(part[0].text) and part[1].text == ":":
            labels.append(part[0].text)
        elif part:
            unlabeled += 1
    return labels, unlabeled


def compatible(decl, labels, unlabeled):
    """Whether a call with these labels can reach `decl`."""
    params = decl.params or []
    want = list(labels)
    for p in params:
        if p.label is not None and want and want[0] == p.label:
            want.pop(0)
        elif p.label is None and unlabeled:
            unlabeled -= 1
        elif p.optional or p.label is None:
            continue
        else:
            return False
    return not want


def receiver_owners(tokens, dot):
    """The owner types a member's receiver suggests (`scheduler.` → VirtualScheduler), or None."""
    j = dot - 1
    if j < 0 or tokens[dot].newline_before:
        return None
    t = tokens[j].text
    if t == ")":
        depth = 0
        while j >= 0:
            depth += tokens[j].text == ")"
            depth -= tokens[j].text == "("
            if depth == 0:
                break
            j -= 1
        j -= 1
        if j >= 0 and tokens[j].text == ">":
            while j >= 0 and tokens[j].text != "<":
                j -= 1
            j -= 1
        if j < 0 or not is_identifier(tokens[j].text):
            return None
        t = tokens[j].text
        if t[0].isupper():
            return {t} | CONFORMANCES.get(t, set())
    elif t == ">":
        while j >= 0 and tokens[j].text != "<":
            j -= 1
        j -= 1
        if j < 0:
            return None
        t = tokens[j].text
    if not is_identifier(t):
        return None
    if t[0].isupper():
        return {t} | CONFORMANCES.get(t, set())
    owners = set()
    if t.startswith("$") or PUBLISHER_RECEIVERS.search(t):
        owners.add("Publisher")
    return owners or {"?" + t.lower()}


def owner_matches(owner, hint):
    if hint.startswith("?"):
        words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", owner or "")
        return bool(words) and hint[1:].endswith(words[-1].lower())
    return owner == hint


def requirement_of(candidates, labels, unlabeled, is_call):
    """The availability a use needs, if every declaration it can reach is newer than its type."""
    nested = [d for d in candidates if d.kind in DECL_TYPES]  # `Date.FormatStyle(…)`, `Date.FormatStyle.Symbol`
    candidates = [d for d in candidates if d.kind not in DECL_TYPES]
    if is_call:
        reach = [d for d in candidates if d.kind not in ("var", "let") and compatible(d, labels, unlabeled)]
        if not labels:  # a property holding a closure is called without labels (`matcher.matches(event)`)
            reach += [d for d in candidates if d.kind in ("var", "let")]
        reach += nested
    else:
        reach = [d for d in candidates if d.kind in ("var", "let") or (d.kind == "case" and not d.params)]
        reach += nested
        if not reach:
            reach = [d for d in candidates if d.kind in ("func", "case")]
    if not reach or any(d.status != "new" for d in reach):
        return None
    return lowest(d.avail for d in reach)


STATEMENTS = {"for", "while", "if", "guard", "switch", "catch"}


def statement_bodies(tokens):
    """The indices of the `{` that open the body of a `for`, `while`, `if`, `guard`, `switch` or `catch`.

    Swift reads the first `{` outside brackets after such a keyword as its body,
    never as a trailing closure: `for await v in subject.values {` iterates
    `.values`, a property, and calls nothing.
    """
    bodies, depth, waiting = set(), 0, []  # waiting: the bracket depths of statements whose body is ahead
    for i, tok in enumerate(tokens):
        t = tok.text
        if t in STATEMENTS and (i == 0 or tokens[i - 1].text != ".") \
                and not (t == "while" and i and tokens[i - 1].text == "}"):  # `repeat { } while x` has no body
            waiting.append(depth)
        elif t in ("(", "["):
            depth += 1
        elif t in (")", "]"):
            depth -= 1
        elif t == "{":
            if waiting and waiting[-1] == depth:
                bodies.add(i)
                waiting.pop()
            depth += 1
        elif t == "}":
            depth -= 1
    return bodies


# ---------------------------------------------------------------- types

# Combine's operators: on a publisher, each returns a publisher.
# https://developer.apple.com/documentation/combine/publisher (macOS 10.15 unless listed in HAND_TABLE)
PUBLISHER_OPERATORS = set("""
map tryMap filter tryFilter compactMap tryCompactMap flatMap switchToLatest receive subscribe debounce
throttle removeDuplicates tryRemoveDuplicates eraseToAnyPublisher share merge combineLatest zip scan
tryScan reduce tryReduce collect first tryFirst last tryLast dropFirst drop tryDrop prefix tryPrefix
handleEvents catch tryCatch retry replaceError replaceNil replaceEmpty setFailureType mapError delay
timeout print breakpoint breakpointOnError append prepend buffer multicast makeConnectable autoconnect
decode encode assertNoFailure output measureInterval ignoreOutput count min max tryMin tryMax contains
tryContains allSatisfy tryAllSatisfy removeDuplicates mapToResult publisher
""".split())
STATEMENT_END = {";", ",", "else", "in", "}", ")", "]"}


def declared_type(tokens, i):
    """The type written for the declaration whose keyword is tokens[i]: a property's annotation,
    a function's result, or the type a property's initializer calls (`= Foo(…)`); None if unwritten."""
    kind = tokens[i].text
    n = len(tokens)

    def until(j, stops):
        depth, out = 0, []
        while j < n:
            t = tokens[j].text
            if depth == 0 and (t in stops or (out and tokens[j].newline_before and t not in ("&", ".", "?"))):
                break
            depth += t in ("(", "[", "<")
            depth -= t in (")", "]", ">")
            if depth < 0:
                break
            out.append(t)
            j += 1
        return out

    if kind in ("var", "let"):
        j = i + 2
        if j < n and tokens[j].text == ":":
            return " ".join(until(j + 1, {"=", "{", ",", ";"})) or None
        if j + 2 < n and tokens[j].text == "=" and tokens[j + 1].text[:1].isupper() and tokens[j + 2].text in ("(", "<"):
            return tokens[j + 1].text
        return None
    if kind == "typealias":
        j = i + 2
        if j < n and tokens[j].text == "<":
            j = matching(tokens, j, "<", ">") + 1
        return " ".join(until(j + 1, {"{"})) if j < n and tokens[j].text == "=" else None
    if kind == "func":
        depth, j = 0, i + 2
        while j < n:
            t = tokens[j].text
            if depth == 0 and (t == "{" or (j > i + 2 and tokens[j].newline_before and t != "->")):
                return None
            if depth == 0 and t == "->":
                return " ".join(until(j + 1, {"{", "where"})) or None
            depth += t in ("(", "[", "<")
            depth -= t in (")", "]", ">")
            j += 1
    return None


def type_names(text, conformances=None):
    """The owner names a written type stands for: `AnyPublisher<Int, Never>` → {AnyPublisher, Publisher}."""
    if not text:
        return None
    words = [w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*|[\[\]:<>()]", text)
             if w not in ("some", "any", "inout", "borrowing", "consuming", "sending")]
    while words and words[0] == "(":
        words = words[1:]
    if not words:
        return None
    if words[0] == "[":
        depth, j = 0, 0
        for j, w in enumerate(words):
            depth += w in ("[", "<", "(")
            depth -= w in ("]", ">", ")")
            if w == ":" and depth == 1:
                return {"Dictionary"}
            if depth == 0:
                break
        return {"Array"}
    chain = [words[0]]
    j = 1
    while j < len(words):
        if words[j] == "<":
            depth = 0
            while j < len(words):
                depth += words[j] == "<"
                depth -= words[j] == ">"
                j += 1
                if depth == 0:
                    break
            continue
        if re.match(r"[A-Za-z_]", words[j]) and words[j - 1] != "(":
            chain.append(words[j])
            j += 1
            continue
        break
    chain = [w for w in chain if w not in MODULES]
    if not chain or not chain[-1][:1].isupper():
        return None
    name = chain[-1]
    out = {name}
    out |= CONFORMANCES.get(name, set()) | (conformances or {}).get(name, set())
    if chain[0] == "Publishers" or name.endswith(("Publisher", "Subject")):
        out.add("Publisher")
    return out


class FileTypes:
    """What one file's own code tells of the types of its names: the properties, variables, parameters
    and functions it declares, the initializers it calls, the publishers its chains make."""

    def __init__(self, tokens, table, bodies):
        self.tokens, self.table, self.bodies = tokens, table, bodies
        self.names = {}        # name -> [(index, type text or None, initializer end or None)]
        self.functions = {}    # name -> [result type text]
        self.conformances = conformances(tokens)
        n = len(tokens)
        for i, tok in enumerate(tokens):
            t = tok.text
            if t == "<" and i and is_identifier(tokens[i - 1].text) and i >= 2 \
                    and tokens[i - 2].text in ("func", "struct", "class", "enum", "actor", "init"):
                # generic parameters: `<I: AsyncIteratorProtocol>` makes I an AsyncIteratorProtocol
                for part in split_top(tokens[i + 1:matching(tokens, i, "<", ">")], angles=True):
                    words = [w.text for w in part]
                    if len(words) >= 3 and words[1] == ":":
                        self.conformances.setdefault(words[0], set()).update(
                            w for w in words[2:] if w[:1].isupper() and w not in MODULES)
            if t in ("let", "var") and i + 1 < n and is_identifier(tokens[i + 1].text) \
                    and (i == 0 or tokens[i - 1].text != "."):
                written = declared_type(tokens, i)
                end = None
                if i + 2 < n and tokens[i + 2].text == "=":
                    end = self.expression_end(i + 3)
                self.names.setdefault(tokens[i + 1].text, []).append((i, written, end))
            elif t == "func" and i + 1 < n and is_identifier(tokens[i + 1].text):
                self.functions.setdefault(tokens[i + 1].text, []).append(declared_type(tokens, i))
                j = i + 2
                if j < n and tokens[j].text == "<":
                    j = matching(tokens, j, "<", ">") + 1
                if j < n and tokens[j].text == "(":
                    self.parameters(j)
            elif t == "init" and i + 1 < n and tokens[i + 1].text in ("(", "?", "<"):
                j = i + 1
                while j < n and tokens[j].text != "(":
                    j += 1
                if j < n:
                    self.parameters(j)

    def parameters(self, open_):
        end = matching(self.tokens, open_, "(", ")")
        for part in split_top(self.tokens[open_ + 1:end], angles=True):
            words = [t.text for t in part]
            if ":" in words:
                colon = words.index(":")
                if colon >= 1 and is_identifier(words[colon - 1]):
                    index = self.tokens.index(part[colon - 1], open_)
                    typed = " ".join(words[colon + 1:]).split(" = ")[0]  # without its default value
                    self.names.setdefault(words[colon - 1], []).append((index, typed, None))

    def expression_end(self, j):
        """The index of the last token of the expression that starts at tokens[j]."""
        tokens, depth, last = self.tokens, 0, None
        while j < len(tokens):
            t = tokens[j].text
            if depth == 0:
                if last is not None and tokens[j].newline_before and t not in CONTINUATION:
                    break
                if t in STATEMENT_END or (t == "{" and j in self.bodies):
                    break
            if t in ("(", "[", "{"):
                depth += 1
            elif t in (")", "]", "}"):
                depth -= 1
            last = j
            j += 1
        return last

    def of_name(self, name, at, seen):
        """The owner names of the variable `name` used at tokens[at]: its nearest declaration above."""
        decls = self.names.get(name)
        if not decls or name in seen:
            return None
        above = [d for d in decls if d[0] < at]
        chosen = [max(above)] if above else decls
        out = set()
        for _, written, end in chosen:
            types = type_names(written, self.conformances) if written else \
                (self.of_expression(end, seen | {name}) if end is not None else None)
            if not types:
                return None
            out |= types
        return out

    def of_expression(self, k, seen=frozenset(), depth=0):
        """The owner names of the postfix expression that ends at tokens[k], or None when unknown."""
        tokens = self.tokens
        if k is None or k < 0 or depth > 12:
            return None
        t = tokens[k].text
        if t in ("?", "!"):
            return self.of_expression(k - 1, seen, depth + 1)
        if t == '"':
            return {"String"}
        callee, call = None, False
        if t in (")", "}"):
            open_ = self.opening(k)
            if open_ is None:
                return None
            callee, call = open_ - 1, True
            if t == "}" and callee >= 0 and tokens[callee].text == ")":  # f(x) { … }
                return self.of_expression(callee, seen, depth + 1)
            if callee >= 0 and tokens[callee].text == ">":
                back = callee
                while back >= 0 and tokens[back].text != "<":
                    back -= 1
                callee = back - 1
            if callee < 0 or not is_identifier(tokens[callee].text) or tokens[callee].text in DECL_KEYWORDS \
                    or tokens[callee].text in ("return", "try", "await", "in", "if", "while", "guard", "switch"):
                return self.of_expression(k - 1, seen, depth + 1) if t == ")" else None  # `(expr)`
        elif t == "]":
            open_ = self.opening(k)
            if open_ is None:
                return None
            before = tokens[open_ - 1].text if open_ else ""
            if open_ and (is_identifier(before) or before in (")", "]", "?", "!")) \
                    and not tokens[open_].newline_before and before not in ("return", "in", "try", "await"):
                return None  # a subscript
            return {"Dictionary"} if any(tok.text == ":" for tok in tokens[open_:k]) else {"Array"}
        elif is_identifier(t):
            callee = k
        else:
            return None
        name = tokens[callee].text
        dot = callee - 1
        if dot >= 0 and tokens[dot].text == ".":
            if name.startswith("$"):
                return {"Publisher"}
            if dot == 0 or not (is_identifier(tokens[dot - 1].text) or tokens[dot - 1].text in (")", "]", "}", "?", "!", '"')):
                return None  # `.member` of an implied type
            if tokens[dot - 1].text == "self":
                return self.of_name(name, callee, seen)
            receiver = self.of_expression(dot - 1, seen, depth + 1)
            return self.of_member(receiver, name, call)
        if name.startswith("$"):
            return {"Publisher"}
        if name[:1].isupper():
            return {name} | CONFORMANCES.get(name, set()) | self.conformances.get(name, set())
        if call:
            written = self.functions.get(name) or [d.type for d in self.table.lookup("functions", name)]
            if not written or any(w is None for w in written):
                return None
            out = set()
            for w in written:
                out |= type_names(w, self.conformances) or set()
            return out or None
        return self.of_name(name, callee, seen)

    def opening(self, k):
        close = self.tokens[k].text
        open_ = {")": "(", "]": "[", "}": "{"}[close]
        depth = 0
        for j in range(k, -1, -1):
            depth += self.tokens[j].text == close
            depth -= self.tokens[j].text == open_
            if depth == 0:
                return j
        return None

    def of_member(self, receiver, name, call):
        if name == "publisher" or (receiver and "Publisher" in receiver and name in PUBLISHER_OPERATORS):
            return {"Publisher"}
        if not receiver:
            return None
        receiver = self.table.resolve(receiver)
        decls = [d for d in self.table.lookup("members", name) if d.owner in receiver]
        decls = [d for d in decls if (d.kind in ("var", "let")) != call] or decls
        if not decls or any(d.type is None for d in decls):
            return None
        out = set()
        for d in decls:
            types = type_names(d.type, self.conformances)
            if not types:
                return None
            out |= types
        return out


class Finding:
    """A use of `name`, which needs `req`. `stored_in`: the type whose stored property uses it, which
    cannot take the attribute; `kind` "attribute": an `@available` where Swift refuses one."""

    def __init__(self, path, line, name, req, stored_in=None, kind="use"):
        self.path, self.line, self.name, self.req = path, line, name, req
        self.stored_in, self.kind = stored_in, kind

    def __str__(self):
        needs = " / ".join(f"{p} {show(self.req[p])}" for p in PLATFORMS if p in self.req)
        attribute = ", ".join(f"{p} {show(self.req[p])}" for p in PLATFORMS if p in self.req and self.req[p] != NEVER)
        box = ("or keep it in a computed property over a stored box (`private var _x: Any?`); "
               "a `lazy` or `static` property may carry @available")
        if self.kind == "attribute":
            return (f"{self.path}:{self.line}: {self.name} is a stored property: Swift refuses "
                    f"@available({attribute}, *) on it on Apple platforms (\"stored properties cannot be marked "
                    f"potentially unavailable\"); mark the enclosing type {self.stored_in} instead, {box}")
        if self.stored_in:
            return (f"{self.path}:{self.line}: {self.name} needs {needs} in a stored property, which cannot be "
                    f"marked @available: add @available({attribute}, *) to the enclosing type {self.stored_in}, "
                    f"{box}")
        return (f"{self.path}:{self.line}: {self.name} needs {needs}; "
                f"add @available({attribute}, *) or #available")


def check_text(text, path, table, first_line=1):
    """The findings of one Swift text against `table`."""
    tokens = tokenize(text, first_line)
    findings, seen = [], set()
    bodies = statement_bodies(tokens)
    types = FileTypes(tokens, table, bodies)
    imports = {tokens[k + 1].text for k in range(len(tokens) - 1) if tokens[k].text == "import"}
    context = {"stored": None}

    def report(index, name, req, avail):
        if req and newer(req, merge(table.targets, avail)):
            key = (tokens[index].line, name)
            if key not in seen:
                seen.add(key)
                findings.append(Finding(path, tokens[index].line, name, req, context["stored"]))

    def on_stored(index, type_name, own, enclosing):
        beyond = {p: v for p, v in own.items() if p in PLATFORMS and v != NEVER}
        if beyond and newer(beyond, merge(table.targets, enclosing)):
            name = tokens[index + 1].text if index + 1 < len(tokens) else "?"
            findings.append(Finding(path, tokens[index].line, f"'{name}'", beyond, type_name, "attribute"))

    def on_token(i, avail):
        t = tokens[i].text
        if re.match(r"#[A-Z]", t):
            t = t[1:]  # a freestanding macro named after its type: `#Predicate<Int> { … }`
        if not is_identifier(t.lstrip("@")) or t in DECL_KEYWORDS:
            return
        prev = tokens[i - 1].text if i else ""
        nxt = tokens[i + 1].text if i + 1 < len(tokens) else ""
        if i + 1 in bodies:
            nxt = ""  # `for await v in subject.values {`: a loop's body, not a trailing closure
        name = t.lstrip("@")
        qualified = prev == "." and i >= 2 and tokens[i - 2].text in MODULES
        # A type, protocol or macro.
        if (prev != "." or qualified) and name[:1].isupper() and nxt == "<" and not table.type_requirement(name):
            req = table.parameterized_requirement(name)
            if req:
                report(i, f"{name}<…>", req, avail)
                return
        if (prev != "." or qualified) and name[:1].isupper():
            req = table.type_requirement(name)
            if req and name in SHADOWED_BY_IMPORT and not qualified:
                others, own = SHADOWED_BY_IMPORT[name]
                if imports & others and not imports & own:
                    return
            if req:
                report(i, name, req, avail)
                return
        if prev == "." and not qualified:
            candidates = table.lookup("members", t)
            if not candidates:
                return
            hint = table.resolve(types.of_expression(i - 2) if i >= 2 else None)  # the receiver's type, if shown
            if hint:
                hint = {h for n_ in hint for h in table.supertypes(n_) | CONFORMANCES.get(n_, set())
                        | types.conformances.get(n_, set())}
            else:
                hint = receiver_owners(tokens, i - 1)  # else its name: `scheduler.`, `subject.`
            shown = f".{t}"
            if hint:
                narrowed = [d for d in candidates if any(owner_matches(d.owner, h) for h in hint)]
                typed = [h for h in hint if h[:1].isupper()]
                if tokens[i - 2].text in typed:
                    shown = f"{tokens[i - 2].text}.{t}"
                if narrowed:
                    candidates = narrowed
                elif any(table.lookup("types", h) for h in typed):
                    return  # a type we know, without this member
            labels, unlabeled = call_labels(tokens, i + 1) if nxt == "(" else ([], 1 if nxt == "{" else 0)
            report(i, shown, requirement_of(candidates, labels, unlabeled, nxt in ("(", "{")), avail)
            return
        if nxt in ("(", "{", "<") and prev not in ("func", "."):
            j = i + 1
            if nxt == "<":
                j = matching(tokens, j, "<", ">") + 1
                if j >= len(tokens) or tokens[j].text not in ("(", "{"):
                    return
            labels, unlabeled = call_labels(tokens, j) if tokens[j].text == "(" else ([], 1)
            if name[:1].isupper():
                inits = table.lookup("inits", name)
                if inits:
                    report(i, f"{name}({''.join(l + ':' for l in labels)})",
                           requirement_of(inits, labels, unlabeled, True), avail)
            else:
                functions = table.lookup("functions", name)
                if functions:
                    report(i, name, requirement_of(functions, labels, unlabeled, True), avail)

    scan(tokens, on_token=on_token, on_stored=on_stored, context=context)
    findings.sort(key=lambda f: f.line)
    return findings


# ---------------------------------------------------------------- the repository

def availability_by_line(text, targets):
    """For each line of a Swift text, the availability beyond `targets` that the code above grants there."""
    tokens = tokenize(text)
    out = {}

    def on_position(i, avail):
        line = tokens[i].line
        if line not in out:
            out[line] = {p: v for p, v in avail.items() if p in PLATFORMS and v > targets.get(p, ())}

    scan(tokens, on_position=on_position)
    return out


def swift_blocks(markdown):
    """(first line, text) of each ```swift block."""
    lines = markdown.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        if re.match(r"^\s*```swift\s*$", lines[i]):
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            blocks.append((i + 2, "\n".join(lines[i + 1:end])))
            i = end
        i += 1
    return blocks


# The tables already parsed by this process, by their cache key: a second
# repository checked with the same toolchain and targets (the script's own
# tests check several) reuses the first's.
TOOLCHAIN_TABLES = {}


def toolchain_table(root, targets):
    """The declarations of the toolchain's interfaces, cached in .build/ (about 2 s to parse)."""
    files = interface_files()
    modules = symbol_graph_modules()
    key = (pathlib.Path(__file__).read_bytes(), sorted(targets.items()),
           [(f, os.stat(f).st_mtime_ns, os.stat(f).st_size) for f in files + [m[1] for m in modules]])
    memo_key = repr(key)
    if memo_key in TOOLCHAIN_TABLES:
        return Table.from_data(targets, TOOLCHAIN_TABLES[memo_key])
    cache = root / ".build" / "check-availability.cache"
    try:
        with open(cache, "rb") as stream:
            cached_key, data = pickle.load(stream)
        if cached_key == key:
            TOOLCHAIN_TABLES[memo_key] = data
            return Table.from_data(targets, data)
    except (OSError, EOFError, pickle.PickleError, AttributeError, ValueError):
        pass
    table = Table(targets)
    for path in files:
        table.add_source(pathlib.Path(path).read_text(errors="replace"), "toolchain")
    table.add_symbol_graphs(symbol_graphs(modules), "toolchain")
    table.settle()
    TOOLCHAIN_TABLES[memo_key] = table.to_data()
    try:
        cache.parent.mkdir(exist_ok=True)
        with open(cache, "wb") as stream:
            pickle.dump((key, table.to_data()), stream)
    except OSError:
        pass
    return table


def base_table(root, targets, toolchain=None):
    table = Table(targets, toolchain or toolchain_table(root, targets))
    table.add_source(HAND_TABLE, "hand table")
    for path in sorted((root / "Sources" / "CombineProbe").rglob("*.swift")):
        table.add_source(path.read_text(), "CombineProbe")
    return table.settle()


GROUPS = (
    ("Sources", ("Sources",)),
    ("Tests", ("Tests",)),
    ("Examples", ("Examples/Sources", "Examples/Tests")),
    ("Benchmarks", ("Benchmarks/Sources",)),
)


GENERATED_COPY = "<!-- Generated by scripts/docc-catalog.py --write from "


def markdown_files(root):
    files = [root / "README.md"] + sorted((root / "Documentation").rglob("*.md")) \
        + sorted((root / "Sources" / "CombineProbe" / "CombineProbe.docc").rglob("*.md"))
    seen, out = set(), []
    for f in files:
        if f.exists() and not f.is_symlink() and GENERATED_COPY in f.read_text()[:1000]:
            continue  # a copy of a guide (scripts/docc-catalog.py --write): the guide is checked
        if f.exists() and f.resolve() not in seen:
            seen.add(f.resolve())
            out.append(f)
    return out


def check_repository(root, toolchain=None):
    """The findings in the repository at `root`, and the counts of files and code blocks checked."""
    targets = deployment_targets((root / "Package.swift").read_text())
    base = base_table(root, targets, toolchain)
    findings, files, blocks = [], 0, 0
    for group, folders in GROUPS:
        paths = sorted(p for folder in folders for p in (root / folder).rglob("*.swift")
                       if ".build" not in p.parts)
        texts = [(p, p.read_text()) for p in paths]
        table = Table(targets, base)
        if group != "Sources":
            for p, text in texts:
                table.add_source(text, str(p.relative_to(root)))
        table.settle()
        for p, text in texts:
            files += 1
            findings += check_text(text, p.relative_to(root), table)
    for doc in markdown_files(root):
        for first_line, text in swift_blocks(doc.read_text()):
            blocks += 1
            table = Table(targets, base)
            table.add_source(text, str(doc.relative_to(root)))
            findings += check_text(text, doc.relative_to(root), table.settle(), first_line)
    return findings, files, blocks


def main(argv):
    root = pathlib.Path(argv[1]).resolve() if len(argv) > 1 else pathlib.Path(__file__).resolve().parent.parent
    findings, files, blocks = check_repository(root)
    for finding in findings:
        print(finding)
    print(f"availability: {files} files, {blocks} code blocks, {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
