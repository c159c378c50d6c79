// The app core's Combine: Apple's on Apple platforms, OpenCombine on Linux,
// chosen by the platform list of Package.swift (`openCombinePlatforms`, which
// also defines COMBINEPROBE_OPENCOMBINE here), never by `canImport(Combine)`:
// that is true on Linux too when a project has a module of its own named
// Combine. An app that ships on Apple platforms only simply writes
// `import Combine`.
#if COMBINEPROBE_OPENCOMBINE
@_exported @preconcurrency import OpenCombine
@_exported @preconcurrency import OpenCombineDispatch
@_exported @preconcurrency import OpenCombineFoundation
#else
@_exported import Combine
#endif
