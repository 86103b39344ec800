package dev.ppw.store;

import java.nio.file.Path;

/**
 * A file kept beside the store with a run (perf.data, a trace).
 *
 * @param name   its name within the run
 * @param file   where it is: under the store's raw folder, {@code RUN-UUID/NAME}
 * @param sha256 the SHA-256 of its bytes when stored, in hex
 * @param bytes  its size when stored
 */
public record RawFile(String name, Path file, String sha256, long bytes) {
}
