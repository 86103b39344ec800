package dev.ppw.model.output;

import dev.ppw.model.Report;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output format that is a folder of named files (TAU's {@code profile.N.C.T}, one per node and thread) rather
 * than one stream. Written to a path, it goes through {@link AtomicOutput#writeFolder}: the folder appears whole
 * or not at all. Written to a stream ({@link OutputWriter#write(Report, OutputStream)}, standard output), it
 * writes what one file of the folder can hold, as the implementation documents.
 *
 * <p>Implementations keep no state between calls, as every {@link OutputWriter}.
 */
public interface FolderWriter extends OutputWriter {
    /** Where a folder writer puts its files. */
    @FunctionalInterface
    interface Entries {
        /**
         * A new file {@code name} of the folder, to be written and then closed by the caller.
         *
         * @param name a plain file name: no folder separator, not {@code .} or {@code ..}, not empty
         * @throws IllegalArgumentException when {@code name} is not a plain file name or was already created
         * @throws IOException when the file cannot be created
         */
        OutputStream create(String name) throws IOException;
    }

    /**
     * Writes {@code report} as the files of one folder, each created through {@code entries} and closed before the
     * next is created.
     *
     * @throws IOException only when {@code entries} or a stream it gave fails
     */
    void write(Report report, Entries entries) throws IOException;
}
