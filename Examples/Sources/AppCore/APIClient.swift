import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The search API's client, on `URLSession.dataTaskPublisher`: JSON decoding,
/// HTTP status handling, `URLError` mapping.
public struct APIClient: RepositorySearching {
    public let baseURL: String
    private let session: URLSession

    public init(baseURL: String = "https://api.example.com", session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func search(_ query: String) -> AnyPublisher<[Repository], APIError> {
        guard var components = URLComponents(string: baseURL + "/search"),
              components.scheme != nil, components.host != nil
        else {
            return Fail(error: APIError.badURL(baseURL)).eraseToAnyPublisher()
        }
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        guard let url = components.url else {
            return Fail(error: APIError.badURL(baseURL)).eraseToAnyPublisher()
        }
        return session.dataTaskPublisher(for: url)
            .mapError { APIError.network($0.code) }
            .flatMap { data, response -> AnyPublisher<[Repository], APIError> in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard (200..<300).contains(status) else {
                    return Fail(error: APIError.http(status: status)).eraseToAnyPublisher()
                }
                guard let repositories = try? JSONDecoder().decode([Repository].self, from: data) else {
                    return Fail(error: APIError.decoding).eraseToAnyPublisher()
                }
                return Just(repositories).setFailureType(to: APIError.self).eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
}
