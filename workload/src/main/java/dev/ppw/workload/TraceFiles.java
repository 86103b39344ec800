package dev.ppw.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A workload's trace folder: which PerfFlowAspect traces were there before it ran, so that those it wrote (new, or
 * changed since) are the ones collected. Traces are {@code .pfw} files, gzipped or not, at any depth.
 */
final class TraceFiles {
    /** The variable PerfFlowAspect's recorders read their options from ({@code log-dir=DIR} among them). */
    static final String OPTIONS = "PERFFLOW_OPTIONS";

    private final Path folder;
    private final Map<Path, Seen> before;

    private record Seen(long size, FileTime modified) {
    }

    private TraceFiles(Path folder, Map<Path, Seen> before) {
        this.folder = folder;
        this.before = before;
    }

    /** The traces in {@code folder} now (null: no trace folder). */
    static TraceFiles before(Path folder) throws IOException {
        return new TraceFiles(folder, folder == null ? Map.of() : scan(folder));
    }

    /** The traces written or changed since {@link #before}, in name order. */
    List<Path> written() throws IOException {
        if (folder == null || !Files.isDirectory(folder)) {
            return List.of();
        }
        List<Path> written = new ArrayList<>();
        scan(folder).forEach((file, seen) -> {
            if (!seen.equals(before.get(file))) {
                written.add(file);
            }
        });
        written.sort(null);
        return written;
    }

    private static Map<Path, Seen> scan(Path folder) throws IOException {
        Map<Path, Seen> traces = new HashMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".pfw") || name.endsWith(".pfw.gz")) {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    if (a.isRegularFile()) {
                        traces.put(p, new Seen(a.size(), a.lastModifiedTime()));
                    }
                }
            }
        }
        return traces;
    }

    Path folder() {
        return folder;
    }
}
