#!/usr/bin/env bash
# Builds the API reference with the docc that ships with the Swift toolchain,
# from Sources/CombineProbe/CombineProbe.docc, whose articles are generated
# copies of the guides of Documentation/ (scripts/docc-catalog.py --write:
# the guides' GitHub links become DocC links in the copies).
#
#   scripts/build-docs.sh            # builds .build-docc/CombineProbe.doccarchive,
#                                    # a static site too
#   scripts/build-docs.sh --preview  # then serves it (docc preview)
#
# Runs any number of times, before or after `swift build`, on a fresh clone
# too: the symbol graphs are extracted from the built modules (`swift package
# dump-symbol-graph`), into a directory emptied first. The dump builds the
# library but not the tests, and then fails on the test modules it cannot
# load ("Couldn't load module 'CombineProbePackageTests'"): so the tests are
# built first (`swift build --build-tests`, which builds only what is out of
# date in .build).
#
# Two conversions, each checked:
#   1. the reference of this machine's build: on Linux the library extends
#      OpenCombine, so the catalog is copied with its ``Combine/...`` symbol
#      links renamed (scripts/docc-catalog.py --copy);
#   2. the catalog as it is committed, with plain `docc convert`, as the
#      Swift Package Index and Xcode's Build Documentation build it
#      (.build-docc/raw/CombineProbe.doccarchive): on Linux, against the same
#      symbol graphs with OpenCombine's module named Combine, as an Apple
#      build names it (scripts/symbol-graphs-as-apple.py).
#
# Fails on a copy of a guide that is out of date (run
# scripts/docc-catalog.py --write), on any DocC warning (every ``symbol``
# and <doc:article> link resolves, every documented parameter list is
# complete), on any public symbol without a doc comment, and, in both
# conversions, on any broken link of the static site
# (scripts/check-docs-site.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docc
ours=$scratch/symbol-graphs-combineprobe
catalog=$scratch/CombineProbe.docc
rm -rf "$ours" "$scratch/symbol-graphs"
mkdir -p "$ours"

# The symbol graphs, with extension blocks: the members we add to XCTestCase,
# DispatchQueue, RunLoop and OperationQueue get pages of their own.
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
swift build --build-tests > "$scratch/build.log" 2>&1 ||
    { cat "$scratch/build.log"; exit 1; }
swift package dump-symbol-graph --emit-extension-block-symbols > "$scratch/dump-symbol-graph.log" 2>&1 ||
    { cat "$scratch/dump-symbol-graph.log"; exit 1; }
python3 scripts/filter-symbol-graphs.py "$graphs" "$ours"

# The catalog's copies of the guides are those the guides make now.
python3 scripts/docc-catalog.py --check

# One conversion, for static hosting: the archive is also a site served from
# / (python3 -m http.server --directory ARCHIVE). Fails on any warning.
convert() { # CATALOG SYMBOL_GRAPHS ARCHIVE LOG
    rm -rf "$3"
    mkdir -p "$(dirname "$3")"
    local status
    set +e
    docc convert "$1" \
        --additional-symbol-graph-dir "$2" \
        --output-path "$3" \
        --transform-for-static-hosting \
        --fallback-display-name CombineProbe \
        --fallback-bundle-identifier org.combineprobe.CombineProbe \
        --warnings-as-errors > "$4" 2>&1
    status=$?
    set -e
    if [ $status -ne 0 ] || grep -q "^warning\|^error" "$4"; then
        cat "$4"
        echo "error: DocC reported problems building $1 (above)." >&2
        exit 1
    fi
}

# 1. This machine's reference. Symbol links name Apple's module, Combine; on
# Linux the extensions are OpenCombine's.
combine=Combine
[ -f "$ours/CombineProbe@OpenCombine.symbols.json" ] && combine=OpenCombine
python3 scripts/docc-catalog.py --copy "$catalog" "$combine"
archive=$scratch/CombineProbe.doccarchive
rm -rf "$scratch/site"
convert "$catalog" "$ours" "$archive" "$scratch/docc.log"
articles=$(find "$catalog" -name '*.md' | wc -l)
echo "DocC: CombineProbe.doccarchive built from $articles articles and the public symbols, 0 warnings"
# The site as a reader meets it: every link, the pages users look for first.
python3 scripts/check-docs-site.py "$archive"

# 2. The committed catalog, as the Swift Package Index and Xcode build it.
apple=$scratch/symbol-graphs-as-apple
python3 scripts/symbol-graphs-as-apple.py "$ours" "$apple"
convert Sources/CombineProbe/CombineProbe.docc "$apple" "$scratch/raw/CombineProbe.doccarchive" "$scratch/docc-raw.log"
echo "DocC: the committed catalog (Sources/CombineProbe/CombineProbe.docc) as it is, 0 warnings"
python3 scripts/check-docs-site.py "$scratch/raw/CombineProbe.doccarchive"

if [ "${1:-}" = "--preview" ]; then
    docc preview "$catalog" --additional-symbol-graph-dir "$ours" \
        --fallback-display-name CombineProbe --fallback-bundle-identifier org.combineprobe.CombineProbe
fi
