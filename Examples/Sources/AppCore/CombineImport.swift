// The app core's Combine: Apple's on Apple platforms, OpenCombine on Linux.
// An app that ships on Apple platforms only would simply `import Combine`.
#if canImport(Combine)
@_exported import Combine
#else
@_exported @preconcurrency import OpenCombine
@_exported @preconcurrency import OpenCombineDispatch
@_exported @preconcurrency import OpenCombineFoundation
#endif
