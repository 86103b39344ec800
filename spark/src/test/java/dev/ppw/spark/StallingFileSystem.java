package dev.ppw.spark;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/**
 * Hadoop's local file system ({@code file://}) in which the first task to open a file, in whichever executor JVM it
 * runs, writes that JVM's process id to the file the setting {@value #MARKER} names and then stops there, so that a
 * test can kill its executor mid-job. Installed as {@code fs.file.impl}; its setting travels with the Hadoop
 * configuration, as executors of {@code local-cluster} are processes of their own that share no static state with the
 * test.
 */
public class StallingFileSystem extends LocalFileSystem {
    /** The setting naming the file the stalled task's process id is written to; no stall without it. */
    static final String MARKER = "ppw.test.stallMarker";

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        String marker = getConf() == null ? null : getConf().get(MARKER);
        if (marker != null && TaskContext.get() != null) {
            try {
                Files.writeString(java.nio.file.Path.of(marker), Long.toString(ProcessHandle.current().pid()),
                        StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                return super.open(f, bufferSize);
            }
            try {
                // until the test kills this process; a task Spark cancels is interrupted instead
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("test: stalled task interrupted");
            }
        }
        return super.open(f, bufferSize);
    }
}
