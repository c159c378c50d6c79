/// Errors used by the documentation examples.
enum LoginError: Error, Equatable {
    case wrongPassword
}

enum DownloadError: Error, Equatable {
    case offline
}
