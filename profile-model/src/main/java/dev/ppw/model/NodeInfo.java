package dev.ppw.model;

import java.util.Map;

/**
 * Who one node profile belongs to: the input it came from and, where known, its pid, host and the
 * names the trace gave its process and threads. Absent facts are empty strings or empty maps, never null.
 *
 * @param label        how outputs name the node: the file name, or {@code file#pid} when a file is split
 * @param file         the input's path as given
 * @param pid          the process id as canonical text, {@code ""} when the node is a whole file
 * @param host         the host name, {@code ""} when unknown (PerfFlowAspect puts it in the file name)
 * @param processNames pid to process name, from {@code M} events
 * @param threadNames  {@code pid/tid} to thread name, from {@code M} events
 */
public record NodeInfo(String label, String file, String pid, String host, Map<String, String> processNames,
                       Map<String, String> threadNames) {
    public NodeInfo {
        processNames = Map.copyOf(processNames);
        threadNames = Map.copyOf(threadNames);
    }
}
