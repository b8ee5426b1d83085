#!/usr/bin/env bash
# Re-records the bundled demo runs: the falseshare workload, shared (baseline) and padded (tuned),
# each recorded by runlens-rec on this machine with stack sampling (--profile). Usage: resources/demo/record-demo-runs.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: record-demo-runs.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Frame pointers and symbols, so that the stack samples name the workload's functions.
g++ -O2 -g -fno-omit-frame-pointer -std=c++17 -pthread -o "$work/falseshare" "$here/falseshare.cpp"
# The recorder runs the workload (-- falseshare ...) and reads its throughput from the lines it
# prints every half second ("[   1.0 s ] 123456789 increments/s").
for variant in shared padded; do
    name=demo-$([ "$variant" = shared ] && echo baseline || echo tuned)
    rm -f "$here/$name.tar.gz"
    "$build/recorder/runlens-rec" record --name "$name" --interval 500ms --out "$work" --quiet --profile \
        --imds-endpoint off --note "Demo: falseshare $variant (threads incrementing counters $([ "$variant" = shared ] && echo 'that share a cache line' || echo 'padded onto their own cache lines')), recorded with runlens-rec on $(hostname) ($(nproc) CPUs)." \
        --tag workload=falseshare --tag variant="$variant" \
        --workload-metric 'throughput:ops/s=\] ([0-9]+) increments/s' \
        -- "$work/falseshare" "$variant" 15
    cp "$work/$name.tar.gz" "$here/"
done
ls -l "$here"/*.tar.gz
