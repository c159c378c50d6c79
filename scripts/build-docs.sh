#!/usr/bin/env bash
# Builds the API reference with the docc that ships with the Swift toolchain,
# from Sources/CombineProbe/CombineProbe.docc, whose articles are the guides
# of Documentation/ (symbolic links: one source of truth).
#
#   scripts/build-docs.sh            # builds .build-docc/CombineProbe.doccarchive
#   scripts/build-docs.sh --preview  # then serves it (docc preview)
#
# Fails on any DocC warning (every ``symbol`` link resolves, every documented
# parameter list is complete) and on any public symbol without a doc comment.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docc
graphs=$scratch/symbol-graphs
ours=$scratch/symbol-graphs-combineprobe
rm -rf "$graphs" "$ours"
mkdir -p "$graphs" "$ours"

swift build --scratch-path "$scratch" --target CombineProbe \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(pwd)/$graphs" 2>&1 | tail -n 1
python3 scripts/filter-symbol-graphs.py "$graphs" "$ours"

log=$scratch/docc.log
set +e
docc convert Sources/CombineProbe/CombineProbe.docc \
    --additional-symbol-graph-dir "$ours" \
    --output-path "$scratch/CombineProbe.doccarchive" \
    --fallback-display-name CombineProbe \
    --fallback-bundle-identifier org.combineprobe.CombineProbe \
    --warnings-as-errors > "$log" 2>&1
status=$?
set -e
if [ $status -ne 0 ] || grep -q "^warning\|^error" "$log"; then
    cat "$log"
    echo "error: DocC reported problems (above)." >&2
    exit 1
fi
articles=$(find Sources/CombineProbe/CombineProbe.docc -name '*.md' | wc -l)
echo "DocC: CombineProbe.doccarchive built from $articles articles and the public symbols, 0 warnings"

if [ "${1:-}" = "--preview" ]; then
    docc preview Sources/CombineProbe/CombineProbe.docc --additional-symbol-graph-dir "$ours" \
        --fallback-display-name CombineProbe --fallback-bundle-identifier org.combineprobe.CombineProbe
fi
