#!/bin/sh
# Regenerates go-cpu.pb.gz and go-heap.pb.gz with the Go toolchain (Debian's golang-go, Go 1.19 here):
# runtime/pprof profiles of go-work/main.go. Sampled, so each run differs: the tests read the committed files.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/go-work"
GOFLAGS=-mod=mod GOCACHE="${TMPDIR:-/tmp}/ppw-go-cache" go build -o "${TMPDIR:-/tmp}/ppw-gowork" .
"${TMPDIR:-/tmp}/ppw-gowork" "$here/go-cpu.pb.gz" "$here/go-heap.pb.gz"
rm -f "${TMPDIR:-/tmp}/ppw-gowork"
