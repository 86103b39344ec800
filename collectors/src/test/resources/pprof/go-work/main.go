// Writes a CPU and a heap profile of a small known workload with runtime/pprof, for ppw-java's pprof reader
// tests (make-profiles.sh runs it). The work is deterministic; the sampled profiles are not, so they are
// generated once and committed.
package main

import (
	"crypto/sha256"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
)

var sink [][]byte

func hashLoop(n int) byte {
	var sum [32]byte
	buf := make([]byte, 4096)
	for i := 0; i < n; i++ {
		buf[0] = byte(i)
		sum = sha256.Sum256(buf)
	}
	return sum[0]
}

func sortWork(n int) int {
	total := 0
	for r := 0; r < n; r++ {
		xs := make([]int, 20000)
		for i := range xs {
			xs[i] = (i * 7919) % 20011
		}
		sort.Ints(xs)
		total += xs[r%len(xs)]
	}
	return total
}

//go:noinline
func allocate(n, size int) {
	for i := 0; i < n; i++ {
		sink = append(sink, make([]byte, size))
	}
}

func compute() int {
	return int(hashLoop(60000)) + sortWork(60)
}

func main() {
	cpu, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		panic(err)
	}
	_ = compute()
	pprof.StopCPUProfile()
	cpu.Close()

	runtime.MemProfileRate = 4096
	allocate(2000, 1024)
	allocate(300, 65536)
	runtime.GC()
	heap, err := os.Create(os.Args[2])
	if err != nil {
		panic(err)
	}
	if err := pprof.WriteHeapProfile(heap); err != nil {
		panic(err)
	}
	heap.Close()
}
