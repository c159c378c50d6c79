// The one place where CombineProbe chooses its Combine implementation.
//
// Apple platforms use Apple's Combine. Everywhere else, OpenCombine and its
// Dispatch and Foundation companions provide the same API. Both are
// re-exported, so that a test file that imports CombineProbe can use
// `PassthroughSubject`, `Just`, `Subscribers.Completion`… with the same
// spelling on every platform.

#if canImport(Combine)
@_exported import Combine
#else
@_exported @preconcurrency import OpenCombine
@_exported @preconcurrency import OpenCombineDispatch
@_exported @preconcurrency import OpenCombineFoundation
#endif
