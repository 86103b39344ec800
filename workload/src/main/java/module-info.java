/**
 * The workload runner (docs/store.md, "Recording a workload"): a command run under {@code perf stat -I}, under
 * {@code perf record} or on its own, its counters told to a listener as they come, and what it wrote folded by the
 * engine into a run for the store. On the engine's and the store's API only.
 */
module dev.ppw.workload {
    requires transitive dev.ppw.engine;
    requires transitive dev.ppw.store;
    requires com.fasterxml.jackson.core;

    exports dev.ppw.workload;
}
