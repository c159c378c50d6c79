import Foundation

/// What a mocked function's publisher does: one variable of this type per
/// mocked function configures it.
///
/// ```swift
/// mock.getUserResult = .value(User(id: 1, name: "Ada"))
/// mock.getUserResult = .failure(.offline)
/// mock.getUserResult = .json(#"{"id": 1, "name": "Ada"}"#)
/// ```
public struct MockResult<Output, Failure: Error> {
    enum Behavior {
        /// These values, then this completion (or none: never completes).
        case events([Output], Subscribers.Completion<Failure>?)
        /// A value computed when the mocked function is called.
        case computed(() -> Output)
        /// Events sent by hand, once the subscriber asks for values.
        case generated((MockEmitter<Output, Failure>) -> Void)
        /// A value decoded when the mocked function is called.
        case decoded(typeName: String, input: String, decode: () throws -> Output)
        /// A problem found while building the result (a missing file).
        case invalid(String)
        case attempts(MockAttempts<Output, Failure>)
    }

    let behavior: Behavior

    /// One value, then finished.
    ///
    /// - parameter value: The value.
    public static func value(_ value: Output) -> MockResult {
        MockResult(behavior: .events([value], .finished))
    }

    /// These values, then finished.
    ///
    /// - parameter values: The values, in order.
    public static func sequence(_ values: [Output]) -> MockResult {
        MockResult(behavior: .events(values, .finished))
    }

    /// A failure, after the given values if any.
    ///
    /// - parameter error: The error.
    /// - parameter values: The values published before the failure.
    public static func failure(_ error: Failure, after values: [Output] = []) -> MockResult {
        MockResult(behavior: .events(values, .failure(error)))
    }

    /// Finished, without a value.
    public static var finished: MockResult {
        MockResult(behavior: .events([], .finished))
    }

    /// No value and no completion, ever (until cancelled).
    public static var never: MockResult {
        MockResult(behavior: .events([], nil))
    }

    /// The given values, then nothing more, ever.
    ///
    /// - parameter values: The values, in order.
    /// - parameter thenNever: Only reads well at the call site: `.values([1], thenNever: ())`.
    public static func values(_ values: [Output], thenNever: Void = ()) -> MockResult {
        MockResult(behavior: .events(values, nil))
    }

    /// One value computed by `body` when the mocked function is called, then
    /// finished.
    ///
    /// - parameter body: Computes the value when the mocked function is called.
    public static func computed(_ body: @escaping () -> Output) -> MockResult {
        MockResult(behavior: .computed(body))
    }

    /// Events sent by `body` through an emitter, as a subject would send
    /// them. `body` runs once per subscription, when the subscriber first
    /// asks for values, with the mock's delivery.
    ///
    /// ```swift
    /// mock.progressResult = .generate { emitter in
    ///     emitter.send(50)
    ///     emitter.send(100)
    ///     emitter.finish()
    /// }
    /// ```
    ///
    /// - parameter body: Sends the events through the emitter, once per subscription.
    public static func generate(_ body: @escaping (MockEmitter<Output, Failure>) -> Void) -> MockResult {
        MockResult(behavior: .generated(body))
    }

    /// A value decoded from a JSON string when the mocked function is called,
    /// then finished.
    ///
    /// JSON that does not decode is a test failure that names the type, the
    /// decoding error and the input; the publisher then fails with
    /// ``MockError/undecodableJSON(type:reason:)`` when its `Failure` type can
    /// hold it, and finishes without a value otherwise.
    ///
    /// - parameter text: The JSON text.
    /// - parameter decoder: The decoder.
    public static func json(_ text: String, decoder: JSONDecoder = JSONDecoder()) -> MockResult where Output: Decodable {
        MockResult(behavior: .decoded(typeName: "\(Output.self)", input: text) {
            try decoder.decode(Output.self, from: Data(text.utf8))
        })
    }

    /// A value decoded from a JSON file of a bundle (such as a test target's
    /// `Bundle.module`), then finished. A missing file, or JSON that does not
    /// decode, is a test failure, as for ``json(_:decoder:)``.
    ///
    /// ```swift
    /// // Package.swift: .testTarget(…, resources: [.copy("Fixtures")])
    /// mock.getUserResult = .jsonFile("user", subdirectory: "Fixtures", in: Bundle.module)
    /// ```
    ///
    /// - parameter name: The file's name, without its extension.
    /// - parameter fileExtension: The file's extension.
    /// - parameter subdirectory: The folder of the bundle that holds it, if any.
    /// - parameter bundle: The bundle, such as the test target's `Bundle.module`.
    /// - parameter decoder: The decoder.
    public static func jsonFile(
        _ name: String,
        withExtension fileExtension: String = "json",
        subdirectory: String? = nil,
        in bundle: Bundle,
        decoder: JSONDecoder = JSONDecoder()
    ) -> MockResult where Output: Decodable {
        guard let url = bundle.url(forResource: name, withExtension: fileExtension, subdirectory: subdirectory),
              let data = try? Data(contentsOf: url)
        else {
            return MockResult(behavior: .invalid(
                "no file \(subdirectory.map { "\($0)/" } ?? "")\(name).\(fileExtension) in bundle \(bundle.bundlePath) to decode \(Output.self) from"))
        }
        let text = String(decoding: data, as: UTF8.self)
        return MockResult(behavior: .decoded(typeName: "\(Output.self)", input: "\(name).\(fileExtension): \(text)") {
            try decoder.decode(Output.self, from: data)
        })
    }

    /// The events for one call: values computed and JSON decoded now.
    /// Problems are reported through `report`.
    func resolve(function: String, report: (String) -> Void) -> Behavior {
        switch behavior {
        case .events, .generated, .attempts:
            return behavior
        case let .computed(body):
            return .events([body()], .finished)
        case let .decoded(typeName, input, decode):
            do {
                return .events([try decode()], .finished)
            } catch {
                report("\(function): cannot decode \(typeName) from the configured JSON: \(error). Input: \(input)")
                return Self.failing(with: .undecodableJSON(type: typeName, reason: "\(error)"))
            }
        case let .invalid(problem):
            report("\(function): \(problem)")
            return Self.failing(with: .undecodableJSON(type: "\(Output.self)", reason: problem))
        }
    }

    /// Fails with `error` if `Failure` can hold it; finishes otherwise.
    static func failing(with error: MockError) -> Behavior {
        if let failure = error.as(Failure.self) {
            return .events([], .failure(failure))
        }
        return .events([], .finished)
    }
}
