// A module named Combine, for Linux: it re-exports OpenCombine, so that
// CombineProbe's Apple branches (built without COMBINEPROBE_OPENCOMBINE)
// compile and run in CI, where Apple's Combine does not exist.
@_exported @preconcurrency import OpenCombine
@_exported @preconcurrency import OpenCombineDispatch
@_exported @preconcurrency import OpenCombineFoundation
