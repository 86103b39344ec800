package dev.ppw.engine;

import dev.ppw.cli.CliRunner;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
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
    private static final Path EXAMPLES = EngineTest.examples();

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
        ProfileResult tau = ENGINE.profile(ENGINE.inputs(List.of(path("perfflowaspect/compact.pfw"))),
                ProfileOptions.defaults());
        assertEquals(CliRunner.out("profile", path("perfflowaspect/compact.pfw"), "--view", "tau", "--depth", "2",
                        "--format", "csv"),
                csv(ENGINE.report(ENGINE.view(tau.profile(), ViewSpec.tau(2)), tau.diagnostics(), RowOptions.defaults())));
        MergeOptions avg = MergeOptions.defaults().withOp(MergeOp.AVG).withMissing(MissingRule.PRESENT)
                .withView(ViewSpec.FLAT).withBreakdown(true);
        assertEquals(CliRunner.out("merge", path("perfflowaspect/nodes4"), "--agg", "avg", "--present-only", "--view",
                        "flat", "--top-imbalance", "2", "--format", "csv"),
                csv(ENGINE.report(ENGINE.merge(ENGINE.inputs(List.of(path("perfflowaspect/nodes4"))), avg),
                        RowOptions.defaults().withTopImbalance(2))));
    }

    @Test
    void theLibrarysDiffIsTheCommands() throws IOException {
        ProfileResult a = ENGINE.profile(ENGINE.inputs(List.of(path("perfflowaspect/smoketest.pfw"))),
                ProfileOptions.defaults(), ViewSpec.FLAT);
        ProfileResult b = ENGINE.profile(ENGINE.inputs(List.of(path("perfflowaspect/multiproc.pfw"))),
                ProfileOptions.defaults(), ViewSpec.FLAT);
        ProfileDiff diff = ENGINE.diff(a.profile(), b.profile(), DiffOptions.defaults());
        ByteArrayOutputStream cli = new ByteArrayOutputStream();
        int exit = dev.ppw.cli.Main.run(new String[] {"diff", path("perfflowaspect/smoketest.pfw"),
                        path("perfflowaspect/multiproc.pfw"), "--view", "flat", "--format", "csv"},
                new PrintStream(cli, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        assertEquals(cli.toString(StandardCharsets.UTF_8), csv(ENGINE.report(diff, new Diagnostics(),
                DiffOptions.defaults())));
    }
}
