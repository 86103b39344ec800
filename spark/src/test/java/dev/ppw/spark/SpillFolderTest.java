package dev.ppw.spark;

import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Spark's scratch folders as its configuration documents them: the cluster manager's over {@code spark.local.dir}. */
class SpillFolderTest {
    private static final SparkConf CONF = new SparkConf(false).set("spark.local.dir", "/conf/a, /conf/b");

    @Test
    void theClusterManagersFoldersComeBeforeSparkLocalDir() {
        assertEquals(List.of(Path.of("/yarn/1"), Path.of("/yarn/2")), SpillFolder.sparkLocalDirs(
                Map.of("CONTAINER_ID", "container_1", "LOCAL_DIRS", "/yarn/1,/yarn/2", "SPARK_LOCAL_DIRS", "/k"),
                CONF));
        // outside a YARN container, YARN's variable means nothing
        assertEquals(List.of(Path.of("/k/1"), Path.of("/k/2")), SpillFolder.sparkLocalDirs(
                Map.of("LOCAL_DIRS", "/yarn/1", "SPARK_LOCAL_DIRS", "/k/1,/k/2"), CONF));
        assertEquals(List.of(Path.of("/w/1"), Path.of("/w/2")), SpillFolder.sparkLocalDirs(
                Map.of("SPARK_EXECUTOR_DIRS", "/w/1" + File.pathSeparator + "/w/2", "SPARK_LOCAL_DIRS", "/k"), CONF));
        assertEquals(List.of(Path.of("/conf/a"), Path.of("/conf/b")), SpillFolder.sparkLocalDirs(Map.of(), CONF));
        assertEquals(List.of(), SpillFolder.sparkLocalDirs(Map.of(), new SparkConf(false)));
    }
}
