// The user's own module named Combine: OpenCombine, and nothing else.
@_exported import OpenCombine
