package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.InputList;

import java.io.InputStream;
import java.util.List;
import java.util.Optional;

/**
 * Where {@code ppw-java merge --engine NAME} carries out a merge other than in this process: a cluster job (the spark
 * module's {@code dev.ppw.spark.SparkMerge} hands one to {@link Main#run(String[], InputStream, java.io.PrintStream,
 * java.io.PrintStream, java.nio.charset.Charset, MergeBackend)}). The command checks and binds its options as for a
 * local merge and hands the bound {@link Analysis} over; the backend returns what {@link Engine#analyze} would give of
 * it, bit for bit, and the command reports and writes it as it writes a local merge's.
 */
public interface MergeBackend {
    /** The name {@code --engine} takes: lower case, not {@code local}. */
    String name();

    /**
     * The inputs {@code arguments} name, in order, named and noted as {@link Engine#inputs(List, InputStream)} names
     * them, with the backend's own names (URIs of a distributed file system) resolved in their place.
     *
     * @throws dev.ppw.model.BadInputException when an argument names nothing, or a scheme the backend cannot read
     */
    InputList inputs(Engine engine, List<String> arguments, InputStream standardInput);

    /**
     * The merge {@code analysis} carried out by the backend: its result as {@link Engine#analyze} gives it.
     *
     * @param arguments the merge command's arguments as given: a worker binds them again onto its own inputs
     *                  ({@link MergeBinding#analysis}), since a bound analysis does not travel
     * @throws dev.ppw.model.BadInputsException as {@link Engine#analyze} does
     */
    AnalysisResult merge(Engine engine, Analysis analysis, List<String> arguments, Cluster cluster);

    /**
     * What {@code merge} was told of the cluster.
     *
     * @param master     {@code --master}: the cluster's address; empty: the backend's own default
     * @param partitions {@code --partitions}: how many tasks share the inputs; empty: the backend's default
     * @param jobs       {@code -j}: inputs read at once by each task; empty: the backend's default
     */
    record Cluster(Optional<String> master, Optional<Integer> partitions, Optional<Integer> jobs) {
    }
}
