import Foundation

/// A code repository, as the search API returns it.
public struct Repository: Codable, Equatable, Hashable, Sendable {
    public let name: String
    public let stars: Int

    public init(name: String, stars: Int) {
        self.name = name
        self.stars = stars
    }
}

/// Why a call to the API failed.
public enum APIError: Error, Equatable, Sendable {
    /// The client could not build a URL from its configuration.
    case badURL(String)
    /// The server answered with a status outside 200..<300.
    case http(status: Int)
    /// The body was not what the client expected.
    case decoding
    /// The request did not reach the server, or its answer did not come back.
    case network(URLError.Code)
}

/// Searches repositories: the API client in the app, a mock in tests.
public protocol RepositorySearching {
    func search(_ query: String) -> AnyPublisher<[Repository], APIError>
}
