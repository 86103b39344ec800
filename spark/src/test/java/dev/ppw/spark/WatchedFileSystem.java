package dev.ppw.spark;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * Hadoop's local file system ({@code file://}) with two hooks for tests, installed as {@code fs.file.impl}: one told of
 * every file opened, and one asked, when a task looks a file up, whether that task attempt fails there (as if its
 * executor were lost). Tasks of Spark {@code local[N]} run in the test's JVM, so the hooks are static.
 */
public class WatchedFileSystem extends LocalFileSystem {
    /** Told of each file opened, on the thread that opens it; nothing by default. */
    static volatile Consumer<Path> onOpen = p -> {
    };
    /** Whether the running task attempt fails when it looks up a file; never by default. */
    static volatile java.util.function.Predicate<TaskContext> failTask = t -> false;

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        onOpen.accept(f);
        return super.open(f, bufferSize);
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        TaskContext task = TaskContext.get();
        if (task != null && failTask.test(task)) {
            throw new IllegalStateException("test: task " + task.partitionId() + " attempt " + task.attemptNumber()
                    + " lost its executor");
        }
        return super.getFileStatus(f);
    }
}
