#!/usr/bin/env bash
# The bounded fuzz run of CI (README's test command ends with it): configures and builds the fuzz
# targets with clang and libFuzzer (RUNLENS_FUZZ=ON: the readers and the targets, not the app),
# then runs each for SECONDS on its corpus (tests/fuzz/corpus/NAME). A crash, a leak, a timeout or
# more than 2 GiB fails the run and prints the input in base64, to be committed to the corpus:
#     base64 -d > tests/fuzz/corpus/NAME/crash-WHAT   (then paste, Ctrl-D)
#
# Usage: tests/fuzz/run-bounded.sh [BUILD_DIR (build-fuzz)] [SECONDS per target (15)] [TARGET...]
# New inputs the fuzzer finds go to BUILD_DIR/fuzz-work/NAME, never into the source tree.
# RUNLENS_FUZZ_JOBS: parallel compile jobs (2).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build-fuzz}
seconds=${2:-15}
shift $(( $# > 2 ? 2 : $# ))

mkdir -p "$build"
# -O1 with assertions: fast enough to fuzz, quick to compile, and asserts stay checks.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRUNLENS_FUZZ=ON \
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 > "$build/configure.log" 2>&1 \
    || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j"${RUNLENS_FUZZ_JOBS:-2}"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cd "$root/tests/fuzz" && ls fuzz_*.cpp | sed 's/\.cpp$//')
fi

passed=0
failed=0
for target in "${targets[@]}"; do
    corpus="$root/tests/fuzz/corpus/${target#fuzz_}"
    work="$build/fuzz-work/${target#fuzz_}"
    artifacts="$build/fuzz-artifacts/${target#fuzz_}"
    log="$build/fuzz-logs/$target.log"
    rm -rf "$artifacts"
    mkdir -p "$work" "$artifacts" "$(dirname "$log")"
    # One process, one job (CI has two cores, shared); 2 GiB per input at most; an input that takes
    # more than 10 s is a hang.
    if "$build/tests/fuzz/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$corpus" > "$log" 2>&1; then
        stats=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 | sed -E 's/^#([0-9]+)\s+\S+\s+/\1 runs, /')
        echo "fuzz: $target passed: ${seconds}s, $stats"
        passed=$((passed + 1))
    else
        echo "fuzz: $target FAILED; the end of its log ($log):"
        tail -40 "$log"
        for input in "$artifacts"/*; do
            [ -f "$input" ] || continue
            echo "fuzz: $target input $(basename "$input") ($(stat -c %s "$input") bytes), base64:"
            base64 -w 120 "$input" | head -c 200000
            echo
        done
        failed=$((failed + 1))
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
