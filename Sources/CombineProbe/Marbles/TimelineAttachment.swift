import Foundation
#if compiler(>=6.2) && canImport(Testing)
import Testing
#endif
#if canImport(XCTest) && canImport(Darwin)
import XCTest
#endif

/// Attaches the recorded timeline, as text, to the test whose timeline or
/// marble assertion fails: a Swift Testing `Attachment` on Swift 6.2 and
/// later, an `XCTAttachment` in an activity with XCTest on Apple platforms.
/// Elsewhere (corelibs-XCTest has no attachments) the failure message alone
/// carries the timeline.
enum TimelineAttachment {
    /// The name of the attached file.
    static let name = "recorded timeline.txt"

    /// The timeline one event a line, then its marbles.
    static func text<Input, Failure: Error>(_ recorded: [TimedEvent<Input, Failure>], marbles: String, tick: VirtualTime) -> String {
        "recorded timeline:\n"
            + recorded.map { "  \($0.description)" }.joined(separator: "\n")
            + (recorded.isEmpty ? "  (no event)" : "")
            + "\nas marbles (- is \(tick)):\n  \(marbles)\n"
    }

    /// Attaches `text` to the current test, when the framework that runs it
    /// is known and takes attachments.
    static func record(_ text: String, at site: CallSite) {
        switch TestFramework.detected {
        case .swiftTesting?:
            #if compiler(>=6.2) && canImport(Testing)
            Attachment.record(
                text, named: name,
                sourceLocation: SourceLocation(
                    fileID: String(describing: site.fileID), filePath: String(describing: site.filePath),
                    line: Int(site.line), column: Int(site.column)))
            #else
            break
            #endif
        case .xcTest?:
            #if canImport(XCTest) && canImport(Darwin)
            // Activities belong to XCTest's main thread.
            if Thread.isMainThread {
                XCTContext.runActivity(named: "Recorded timeline") { activity in
                    let attachment = XCTAttachment(string: text)
                    attachment.name = name
                    activity.add(attachment)
                }
            }
            #else
            break
            #endif
        case nil:
            break
        }
    }
}
