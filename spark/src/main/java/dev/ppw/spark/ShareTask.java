package dev.ppw.spark;

import dev.ppw.cli.MergeBinding;
import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.engine.MergeShare;
import dev.ppw.engine.MergeShares;
import dev.ppw.engine.ProgressListener;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.SplitScan;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Cancel;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * What one Spark task does with its partition of a merge's inputs: one engine, the merge bound again from the command's
 * arguments (the same code as the driver's), each input accumulated at its index among all of them. A bad input is
 * recorded in the share, never thrown: a failed task would be retried and then fail the job, and whether bad inputs
 * are an error is the driver's to say once every share is in. Accumulation is pure, so a task that Spark runs again
 * (a lost executor) gives the same bytes. A fold that outgrows its memory spills under Spark's scratch folders
 * ({@link SpillFolder}), in a folder of the task's own that goes when the task ends.
 */
final class ShareTask implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<String> arguments;
    private final byte[] hadoopConf;
    private final Integer jobs;
    private final StateBytes scan;

    /**
     * @param arguments  the merge command's arguments, as given
     * @param hadoopConf the driver's Hadoop configuration ({@link HadoopInputs#toBytes})
     * @param jobs       {@code -j}, inputs read at once in a task; null: the task's CPUs ({@code spark.task.cpus})
     * @param scan       the combined scan of every input of a split merge; null for a merge that is not split
     */
    ShareTask(List<String> arguments, byte[] hadoopConf, Integer jobs, StateBytes scan) {
        this.arguments = List.copyOf(arguments);
        this.hadoopConf = hadoopConf.clone();
        this.jobs = jobs;
        this.scan = scan;
    }

    /** The pre-pass of a split merge over the partition's inputs; nothing for an empty partition. */
    Iterator<StateBytes> scan(Iterator<InputRef> partition) {
        Bound bound = bind(partition);
        if (bound.inputs().isEmpty()) {
            return List.<StateBytes>of().iterator();
        }
        SplitScan part = bound.shares().scan(bound.inputs(), ProgressListener.NONE, Cancel.never());
        return List.of(StateBytes.of(part::writeTo)).iterator();
    }

    /** The share of the partition's inputs; nothing for an empty partition. */
    Iterator<StateBytes> accumulate(Iterator<InputRef> partition) {
        Bound bound = bind(partition);
        if (bound.inputs().isEmpty()) {
            return List.<StateBytes>of().iterator();
        }
        MergeShare share = bound.shares().accumulate(bound.inputs(), splitScan(scan), ProgressListener.NONE,
                Cancel.never());
        return List.of(StateBytes.of(share::writeTo)).iterator();
    }

    private record Bound(MergeShares shares, List<MergeShares.Input> inputs) {
    }

    private Bound bind(Iterator<InputRef> partition) {
        Configuration conf = HadoopInputs.fromBytes(hadoopConf);
        List<MergeShares.Input> inputs = new ArrayList<>();
        List<InputSource> sources = new ArrayList<>();
        while (partition.hasNext()) {
            InputRef ref = partition.next();
            InputSource source = switch (ref.kind()) {
                case FILE -> InputSource.of(Path.of(ref.location()), ref.name());
                case DIRECTORY -> InputSource.ofDirectory(Path.of(ref.location()), ref.name());
                case HADOOP -> HadoopInputs.source(ref.name(), ref.location(), conf);
            };
            sources.add(source);
            inputs.add(new MergeShares.Input(ref.index(), ref.label(), source));
        }
        Engine engine = MergeBinding.engine();
        Analysis merge = MergeBinding.analysis(engine, arguments, sources);
        TaskContext task = TaskContext.get();
        int threads = jobs != null ? jobs : task != null ? Math.max(1, task.cpus()) : 1;
        ReadingOptions reading = merge.reading().withSkipBad(true);
        if (task != null) {
            // a fold past its memory spills on the executor's scratch disks, not the system disk java.io.tmpdir is on
            Path spill = SpillFolder.forTask(task,
                    SpillFolder.sparkLocalDirs(SpillFolder.environment(), SparkEnv.get().conf()));
            reading = reading.withTuning(reading.tuning().withSpillDirectory(spill));
        }
        merge = merge.withReading(reading).withJobs(threads);
        return new Bound(engine.shares(merge), inputs);
    }

    /** The scan {@code bytes} hold, or empty for a merge that is not split. */
    static Optional<SplitScan> splitScan(StateBytes bytes) {
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(SplitScan.readFrom(bytes.open()));
        } catch (IOException e) {
            throw new UncheckedIOException("reading a merge's scan", e);
        }
    }

    /** Two shares' states combined: the state of their inputs together, in their binary form. */
    static StateBytes combineShares(StateBytes a, StateBytes b) {
        MergeShare left = share(a);
        left.combine(share(b));
        return StateBytes.of(left::writeTo);
    }

    /** Two scans combined, in their binary form. */
    static StateBytes combineScans(StateBytes a, StateBytes b) {
        SplitScan left = splitScan(a).orElseThrow();
        left.combine(splitScan(b).orElseThrow());
        return StateBytes.of(left::writeTo);
    }

    /** The share {@code bytes} hold. */
    static MergeShare share(StateBytes bytes) {
        try {
            return MergeShare.readFrom(bytes.open());
        } catch (IOException e) {
            throw new UncheckedIOException("reading a merge share", e);
        }
    }
}
