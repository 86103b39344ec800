#!/usr/bin/env bash
# Compiles google/perfetto's trace protos into the descriptor set the independent decoder of the cli tests
# (PerfettoReference) reads: perfetto-trace.desc.gz, Perfetto's own field numbers and types, no comments.
# Usage: make-descriptors.sh PERFETTO_CHECKOUT   (a clone of https://github.com/google/perfetto; needs protoc)
set -euo pipefail
src=${1:?usage: make-descriptors.sh PERFETTO_CHECKOUT}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
(cd "$src" && protoc -I. --include_imports --descriptor_set_out="$out" protos/perfetto/trace/trace.proto)
gzip -9n <"$out" >"$here/perfetto-trace.desc.gz"
echo "perfetto-trace.desc.gz from google/perfetto $(git -C "$src" rev-parse HEAD 2>/dev/null || echo '(not a git checkout)')"
