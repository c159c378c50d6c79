// The one place where CombineProbe chooses its Combine implementation.
//
// Apple platforms use Apple's Combine. Everywhere else, OpenCombine and its
// Dispatch and Foundation companions provide the same API. Both are
// re-exported, so that a test file that imports CombineProbe can use
// `PassthroughSubject`, `Just`, `Subscribers.Completion`… with the same
// spelling on every platform.
//
// The choice is made by platform: Package.swift defines
// COMBINEPROBE_OPENCOMBINE on the platforms where it links OpenCombine (one
// list decides both). Never test `canImport(Combine)` for this: it is also
// true on Linux when the user's project has a module of its own named
// Combine (see Documentation/Pitfalls.md). The Combine-shim CI lane
// (.ci/combine-shim) builds these sources without the define, against such a
// module re-exporting OpenCombine, to compile and run the Apple branches.

#if COMBINEPROBE_OPENCOMBINE
@_exported @preconcurrency import OpenCombine
@_exported @preconcurrency import OpenCombineDispatch
@_exported @preconcurrency import OpenCombineFoundation
#else
@_exported import Combine
#endif
