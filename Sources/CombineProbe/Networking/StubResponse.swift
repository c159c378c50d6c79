import Foundation

/// How a ``NetworkStub`` answers a request: an HTTP response, or an error,
/// optionally after a delay.
///
/// ```swift
/// network.stub("https://api.example.com/user/1", with: .json(#"{"id": 1}"#))
/// network.stub("https://api.example.com/avatar", with: .status(404))
/// network.stub("https://api.example.com/feed", with: .error(URLError(.notConnectedToInternet)))
/// network.stub("https://api.example.com/slow", with: .status(204).delayed(by: 0.2))
/// ```
public struct StubResponse: Sendable, CustomStringConvertible {
    enum Answer: Sendable {
        case http(status: Int, headers: [String: String], body: Data)
        case failure(URLError)
    }

    let answer: Answer
    /// Seconds to wait before answering.
    public let delay: TimeInterval

    /// A body, with a status code (200 by default) and header fields.
    ///
    /// - parameter body: The body.
    /// - parameter status: The HTTP status.
    /// - parameter headers: The HTTP headers.
    public static func data(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(answer: .http(status: status, headers: headers, body: body), delay: 0)
    }

    /// A JSON body: `Content-Type: application/json` unless `headers` says
    /// otherwise.
    ///
    /// - parameter text: The JSON body.
    /// - parameter status: The HTTP status.
    /// - parameter headers: The HTTP headers.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        var headers = headers
        if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            headers["Content-Type"] = "application/json"
        }
        return .data(Data(text.utf8), status: status, headers: headers)
    }

    /// A status code with an empty body.
    ///
    /// - parameter status: The HTTP status.
    /// - parameter headers: The HTTP headers.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
        .data(Data(), status: status, headers: headers)
    }

    /// A transport error: the data task fails with it.
    ///
    /// - parameter error: The error the request fails with.
    public static func error(_ error: URLError) -> StubResponse {
        StubResponse(answer: .failure(error), delay: 0)
    }

    /// The same answer, `seconds` later.
    ///
    /// - parameter seconds: The delay, in (real) seconds.
    public func delayed(by seconds: TimeInterval) -> StubResponse {
        StubResponse(answer: answer, delay: max(0, seconds))
    }

    /// `200, 12 bytes`, `URLError(-1009)`, with the delay if any.
    public var description: String {
        let text: String
        switch answer {
        case let .http(status, _, body): text = "\(status), \(body.count) bytes"
        case let .failure(error): text = "URLError(\(error.code.rawValue))"
        }
        return delay > 0 ? "\(text) after \(delay) s" : text
    }
}
