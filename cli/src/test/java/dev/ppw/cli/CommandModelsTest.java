package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The command line builds only the models a run needs (docs/performance.md): each command that needs no other
 * alone, one action of {@code runs} alone, no subcommand for {@code --version}; and the names it finds them by are
 * their {@code @Command} names.
 */
class CommandModelsTest {
    private static CommandLine built(String... args) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Main.commandLine(new Main.Streams(InputStream.nullInputStream(), sink, sink, StandardCharsets.UTF_8),
                args);
    }

    @Test
    void eachCommandThatNeedsNoOtherIsBuiltAloneUnderItsAnnotatedName() {
        for (Map.Entry<String, Class<?>> e : Main.ALONE.entrySet()) {
            assertEquals(e.getKey(), e.getValue().getAnnotation(Command.class).name());
            CommandLine cl = built(e.getKey(), "x");
            assertEquals(List.of(e.getKey()), List.copyOf(cl.getSubcommands().keySet()));
            assertEquals(e.getValue(), cl.getSubcommands().get(e.getKey()).getCommandSpec().userObject().getClass());
        }
    }

    @Test
    void oneActionOfRunsIsBuiltAloneAndAllOfThemOtherwiseInHelpOrder() {
        for (Map.Entry<String, Class<?>> e : RunsCommand.ACTIONS.entrySet()) {
            assertEquals(e.getKey(), e.getValue().getAnnotation(Command.class).name());
            CommandLine runs = built("runs", e.getKey()).getSubcommands().get("runs");
            assertEquals(List.of(e.getKey()), List.copyOf(runs.getSubcommands().keySet()));
        }
        List<String> all = List.of("list", "show", "add", "tag", "rm", "gc");
        assertEquals(all, List.copyOf(built("runs", "--help").getSubcommands().get("runs").getSubcommands().keySet()));
        assertEquals(all, List.copyOf(built().getSubcommands().get("runs").getSubcommands().keySet()));
        assertEquals(all, List.copyOf(built("help", "runs").getSubcommands().get("runs").getSubcommands().keySet()));
    }

    @Test
    void versionAloneBuildsNoSubcommandAndAnythingElseBuildsThemAll() {
        assertEquals(List.of(), List.copyOf(built("--version").getSubcommands().keySet()));
        assertEquals(List.of(), List.copyOf(built("-V").getSubcommands().keySet()));
        assertEquals(13, built("--version", "profile").getSubcommands().size());
        assertEquals(13, built("--help").getSubcommands().size());
        assertEquals(13, built("nosuchcommand").getSubcommands().size());
    }
}
