#!/usr/bin/env bash
# Builds and runs the benchmarks, on Linux and macOS.
# Usage: Benchmarks/run.sh [--smoke]
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release >/dev/null
. ./dyld-env.sh
exec .build/release/CombineProbeBenchmarks "$@"
