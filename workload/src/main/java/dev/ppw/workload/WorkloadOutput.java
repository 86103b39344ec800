package dev.ppw.workload;

/** Which of a workload's output streams a line came on. */
public enum WorkloadOutput {
    STDOUT,
    STDERR
}
