import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs `body` with the process's standard error sent to a temporary file,
/// and returns what was written there meanwhile, by any thread.
///
/// For XCTest tests only: they run one at a time, in a process of their own.
/// Swift Testing runs its tests in parallel and writes its own report on
/// standard error.
func capturingStandardError(_ body: () async throws -> Void) async throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("combineprobe-stderr-\(UUID().uuidString)").path
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard file >= 0 else { throw CocoaError(.fileWriteUnknown) }
    let saved = dup(STDERR_FILENO)
    dup2(file, STDERR_FILENO)
    close(file)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
        try await body()
    } catch {
        dup2(saved, STDERR_FILENO)
        close(saved)
        throw error
    }
    dup2(saved, STDERR_FILENO)
    close(saved)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
