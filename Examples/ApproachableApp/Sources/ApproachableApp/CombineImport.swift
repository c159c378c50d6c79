// The app's Combine: Apple's on Apple platforms, OpenCombine on Linux, chosen
// by the platform list of Package.swift. An app that ships on Apple
// platforms only simply writes `import Combine`.
#if COMBINEPROBE_OPENCOMBINE
@_exported @preconcurrency import OpenCombine
@_exported @preconcurrency import OpenCombineDispatch
@_exported @preconcurrency import OpenCombineFoundation
#else
@_exported import Combine
#endif
