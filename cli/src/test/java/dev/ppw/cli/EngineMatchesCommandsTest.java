package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Combine;
import dev.ppw.engine.Comparison;
import dev.ppw.engine.Engine;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.Report;
import dev.ppw.testing.Examples;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The library gives what the commands print: the commands are bindings of the engine, nothing more. */
class EngineMatchesCommandsTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final Path EXAMPLES = Examples.folder();

    private static String csv(Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ENGINE.write(report, "csv", out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String path(String relative) {
        return EXAMPLES.resolve(relative).toString();
    }

    @Test
    void theEngineGivesWhatTheCommandsPrint() throws IOException {
        assertEquals(CliRunner.out("profile", path("perfflowaspect/compact.pfw"), "--view", "tau", "--depth", "2",
                        "--format", "csv"),
                csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(path("perfflowaspect/compact.pfw"))))
                        .withView(ViewSpec.tau(2))).report()));
        Analysis avg = Analysis.merge(ENGINE.inputs(List.of(path("perfflowaspect/nodes4"))), MergeOp.AVG)
                .withCombine(Combine.merge(MergeOp.AVG).withMissing(MissingRule.PRESENT).withBreakdown(true))
                .withView(ViewSpec.FLAT).withRows(RowOptions.defaults().withTopImbalance(2));
        assertEquals(CliRunner.out("merge", path("perfflowaspect/nodes4"), "--agg", "avg", "--present-only", "--view",
                        "flat", "--top-imbalance", "2", "--format", "csv"),
                csv(ENGINE.analyze(avg).report()));
    }

    @Test
    void theLibrarysDiffIsTheCommands() throws IOException {
        Analysis a = Analysis.profile(ENGINE.inputs(List.of(path("perfflowaspect/smoketest.pfw"))))
                .withView(ViewSpec.FLAT);
        Analysis b = Analysis.profile(ENGINE.inputs(List.of(path("perfflowaspect/multiproc.pfw"))));
        ByteArrayOutputStream cli = new ByteArrayOutputStream();
        int exit = dev.ppw.cli.Main.run(new String[] {"diff", path("perfflowaspect/smoketest.pfw"),
                        path("perfflowaspect/multiproc.pfw"), "--view", "flat", "--format", "csv"},
                new PrintStream(cli, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        assertEquals(cli.toString(StandardCharsets.UTF_8), csv(ENGINE.diff(Comparison.of(a, b)).report()));
    }
}
