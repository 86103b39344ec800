package dev.ppw.spark;

import dev.ppw.cli.MergeBackend;
import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.InputList;
import dev.ppw.engine.MergeShares;
import dev.ppw.engine.UnusableRequestException;
import dev.ppw.model.format.InputSource;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ppw-java merge --engine spark}: the merge planned on the driver and accumulated by Spark's tasks.
 *
 * <p>The driver expands and names the inputs as the local merge does (local paths by the engine itself; URIs through
 * Hadoop's file systems, {@link HadoopInputs}) and makes an RDD of (index, label, name, location) in P partitions.
 * Each task binds the merge again from the command's arguments and accumulates its inputs, each at its index, into one
 * share ({@link ShareTask}); {@code treeReduce} combines the shares' binary forms; the driver applies
 * {@code --skip-bad} as the local merge does and finishes the merge, which the command writes. A split merge first
 * runs the pre-pass the same way and hands the combined scan to every task. Only states travel: no event, no tree of a
 * single input reaches the driver.
 *
 * <p>One backend serves one command: {@link #inputs} keeps the Hadoop files it found for {@link #merge}.
 */
final class SparkBackend implements MergeBackend {
    /** How deep {@code treeReduce} combines: Spark's default, which keeps the driver's last combine to a few states. */
    private static final int DEPTH = 2;
    private static final Logger LOG = LoggerFactory.getLogger(SparkBackend.class);

    private final Map<String, HadoopInputs.Found> hadoopFiles = new HashMap<>();
    private Configuration driverConf;

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public InputList inputs(Engine engine, List<String> arguments, InputStream standardInput) {
        List<String> expanded = new ArrayList<>(arguments.size());
        Map<String, List<String>> skipped = new LinkedHashMap<>();
        for (String argument : arguments) {
            if (!HadoopInputs.isUri(argument)) {
                expanded.add(argument);
                continue;
            }
            HadoopInputs.Expanded files = HadoopInputs.expand(argument, conf(), engine);
            for (HadoopInputs.Found f : files.found()) {
                hadoopFiles.putIfAbsent(f.name(), f);
                expanded.add(f.name());
            }
            skipped.computeIfAbsent(argument, a -> new ArrayList<>()).addAll(files.skipped());
        }
        InputList inputs = engine.inputs(expanded, standardInput, argument -> Optional.ofNullable(
                hadoopFiles.get(argument)).map(f -> HadoopInputs.source(f.name(), f.uri(), f.size(), conf())));
        for (Map.Entry<String, List<String>> folder : skipped.entrySet()) {
            inputs = inputs.skipping(folder.getKey(), folder.getValue());
        }
        return inputs;
    }

    @Override
    public AnalysisResult merge(Engine engine, Analysis analysis, List<String> arguments, Cluster cluster) {
        List<InputRef> refs = refs(analysis.inputs());
        SparkConf sparkConf = new SparkConf().setAppName("ppw-java merge");
        cluster.master().ifPresent(sparkConf::setMaster);
        if (!sparkConf.contains("spark.master")) {
            sparkConf.setMaster("local[*]");
        }
        try (JavaSparkContext spark = new JavaSparkContext(sparkConf)) {
            int partitions = cluster.partitions()
                    .orElse(Math.max(1, Math.min(refs.size(), 2 * spark.defaultParallelism())));
            JavaRDD<InputRef> rdd = spark.parallelize(refs, partitions);
            byte[] conf = HadoopInputs.toBytes(spark.hadoopConfiguration());
            Integer jobs = cluster.jobs().orElse(null);
            StateBytes scan = null;
            if (analysis.split().isPresent()) {
                ShareTask scanning = new ShareTask(arguments, conf, jobs, null);
                scan = rdd.mapPartitions(scanning::scan).treeReduce(ShareTask::combineScans, DEPTH);
            }
            ShareTask accumulating = new ShareTask(arguments, conf, jobs, scan);
            StateBytes state = rdd.mapPartitions(accumulating::accumulate)
                    .treeReduce(ShareTask::combineShares, DEPTH);
            // in the driver's log, not the command's stderr: what sizes spark.driver.maxResultSize and the driver
            LOG.info("merged state: {} bytes, {} inputs in {} partitions", state.size(), refs.size(), partitions);
            // the tasks skipped bad inputs; finish applies --skip-bad as the local merge does
            return engine.shares(analysis).finish(ShareTask.share(state), ShareTask.splitScan(scan));
        } catch (Exception e) {
            // Spark throws its checked SparkException undeclared: caught here, and rethrown as it is unless it says
            // that the states outgrew the driver's limit
            Optional<UnusableRequestException> tooLarge = tooLarge(e);
            if (tooLarge.isPresent()) {
                throw tooLarge.get();
            }
            throw e;
        }
    }

    /**
     * Each input as a task opens it. A local input must be a file or a folder that a task can open again at the same
     * path; standard input and pipes are read once, by one process, and cannot be shared out.
     */
    private List<InputRef> refs(List<InputSource> sources) {
        List<String> labels = MergeShares.labels(sources.stream().map(InputSource::name).toList());
        List<InputRef> refs = new ArrayList<>(sources.size());
        for (int i = 0; i < sources.size(); i++) {
            InputSource s = sources.get(i);
            HadoopInputs.Found remote = hadoopFiles.get(s.name());
            InputRef.Kind kind;
            String location;
            if (remote != null) {
                kind = InputRef.Kind.HADOOP;
                location = remote.uri();
            } else if (s.directory().isPresent()) {
                kind = InputRef.Kind.DIRECTORY;
                location = s.directory().get().toAbsolutePath().toString();
            } else if (Engine.STANDARD_INPUT.equals(s.name()) || !Files.isRegularFile(Path.of(s.name()))) {
                throw new UnusableRequestException(s.name() + " is read once (standard input or a pipe), and a merge"
                        + " on Spark reads its inputs in its tasks: save it to a file first");
            } else {
                kind = InputRef.Kind.FILE;
                location = Path.of(s.name()).toAbsolutePath().toString();
            }
            refs.add(new InputRef(i, labels.get(i), s.name(), location, kind));
        }
        return refs;
    }

    /** The Hadoop configuration of this driver: Hadoop's defaults and every {@code spark.hadoop.*} setting. */
    private Configuration conf() {
        if (driverConf == null) {
            driverConf = new Configuration();
            for (Tuple2<String, String> e : new SparkConf().getAllWithPrefix("spark.hadoop.")) {
                driverConf.set(e._1(), e._2());
            }
        }
        return driverConf;
    }

    /** A job that failed because the merged state outgrew {@code spark.driver.maxResultSize}: one line saying so. */
    private static Optional<UnusableRequestException> tooLarge(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && message.contains("spark.driver.maxResultSize")) {
                String line = message.lines().filter(l -> l.contains("spark.driver.maxResultSize")).findFirst()
                        .orElse(message).trim();
                return Optional.of(new UnusableRequestException("the merge's state outgrew the driver's limit ("
                        + line + "): raise it, e.g. --conf spark.driver.maxResultSize=8g (0: no limit)"));
            }
        }
        return Optional.empty();
    }
}
