package dev.ppw.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.util.TaskCompletionListener;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a task's fold spills its sorted runs: a folder of its own under one of Spark's scratch folders, deleted when
 * the task ends, failed or not.
 *
 * <p>Spark has no public call that names an executor's scratch folders (its block manager's are internal), so they are
 * found as Spark's configuration documents them for {@code spark.local.dir}: in a YARN container ({@code CONTAINER_ID}
 * set) the folders YARN gives ({@code LOCAL_DIRS}); else those a standalone worker gives its executor
 * ({@code SPARK_EXECUTOR_DIRS}, separated by the path separator); else {@code SPARK_LOCAL_DIRS} (Kubernetes sets it to
 * the pod's scratch volumes); else {@code spark.local.dir}. Each is a comma-separated list; a task takes the folder its
 * partition number picks, so that the tasks of one executor spread over its disks as Spark's own files do. When none
 * is set there is no folder of Spark's, and the engine spills where the JDK puts temporary files, as Spark does.
 */
final class SpillFolder {
    private SpillFolder() {
    }

    /**
     * Spark's scratch folders on this executor, as {@code env} (the executor's environment) and {@code conf} (its
     * Spark configuration) name them, in the order given; empty when neither names any.
     */
    static List<Path> sparkLocalDirs(Map<String, String> env, SparkConf conf) {
        String list;
        String separator = ",";
        if (env.get("CONTAINER_ID") != null && env.get("LOCAL_DIRS") != null) {
            list = env.get("LOCAL_DIRS");
        } else if (env.get("SPARK_EXECUTOR_DIRS") != null) {
            list = env.get("SPARK_EXECUTOR_DIRS");
            separator = File.pathSeparator;
        } else if (env.get("SPARK_LOCAL_DIRS") != null) {
            list = env.get("SPARK_LOCAL_DIRS");
        } else {
            list = conf.get("spark.local.dir", "");
        }
        List<Path> dirs = new ArrayList<>();
        for (String d : list.split(Pattern.quote(separator))) {
            if (!d.isBlank()) {
                dirs.add(Path.of(d.trim()));
            }
        }
        return dirs;
    }

    /**
     * A new folder for {@code task}'s spill files under one of {@code dirs} (its partition picks which; the next is
     * tried when that one cannot be written), deleted with whatever it holds when the task completes or fails; null
     * when {@code dirs} is empty (the JDK's temporary folder).
     *
     * @throws UncheckedIOException when no folder of {@code dirs} can be written: a task that spilled into another
     *                              folder than the cluster's scratch disks could fill a small system disk
     */
    static Path forTask(TaskContext task, List<Path> dirs) {
        if (dirs.isEmpty()) {
            return null;
        }
        String prefix = "ppw-spill-" + task.stageId() + "." + task.stageAttemptNumber() + "-" + task.partitionId()
                + "." + task.attemptNumber() + "-";
        IOException failure = null;
        for (int i = 0; i < dirs.size(); i++) {
            Path root = dirs.get(Math.floorMod(task.partitionId() + i, dirs.size()));
            try {
                Files.createDirectories(root);
                // POSIX: created rwx------, as Spark makes its own folders under a shared scratch disk
                Path folder = Files.createTempDirectory(root, prefix);
                task.addTaskCompletionListener((TaskCompletionListener) done -> delete(folder));
                return folder;
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        throw new UncheckedIOException("cannot make a spill folder under Spark's local folders " + dirs + ": "
                + failure.getMessage(), failure);
    }

    /**
     * Deletes {@code folder} and what is left in it (the engine deletes its spill files itself; a task that failed
     * may leave one). What cannot be deleted is left to the JDK's delete-on-exit of each spill file and to the
     * cluster manager's cleanup of its scratch folders (YARN's application cache, a Kubernetes pod's volumes).
     */
    static void delete(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // a completion listener that threw would fail a task whose share is already made: the backstops above
        }
    }

    /** The executor's environment, as a map ({@link System#getenv()}), for {@link #sparkLocalDirs}. */
    static Map<String, String> environment() {
        return System.getenv();
    }
}
