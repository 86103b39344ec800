package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --help} wraps at the width asked (COLUMNS, else the terminal's, else 80), and the list of commands gives
 * each one's first sentence whole (issue 29: summaries were cut where the source broke its lines).
 */
class HelpWidthTest {
    private static final Pattern COMMAND_ENTRY = Pattern.compile("^  (\\S+)\\s+(\\S.*)$");

    private static String help(int width, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        int exit = Main.run(args, InputStream.nullInputStream(), o, o, StandardCharsets.UTF_8, null, width);
        assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void columnsIsTheWidthAndATerminalIsAskedOtherwise() {
        assertEquals(120, Main.helpWidth("120"));
        assertEquals(100, Main.helpWidth(" 100 "));
        assertEquals(Main.MIN_HELP_WIDTH, Main.helpWidth("20"));
        assertEquals(Main.TERMINAL_WIDTH, Main.helpWidth(null));
        assertEquals(Main.TERMINAL_WIDTH, Main.helpWidth("wide"));
    }

    @ParameterizedTest
    @ValueSource(ints = {60, 80, 132})
    void everyHelpLineFitsTheWidth(int width) {
        List<String> commands = new ArrayList<>();
        commands.add("--help");
        for (String name : List.of("profile", "merge", "diff", "report", "runs", "history", "record", "events",
                "serve", "formats", "weave", "completion")) {
            commands.add(name);
        }
        for (String command : commands) {
            String text = command.equals("--help") ? help(width, "--help") : help(width, command, "--help");
            for (String line : text.split("\n")) {
                assertTrue(line.length() <= width, command + " at " + width + ": " + line.length() + ": " + line);
            }
        }
    }

    /** Each command's summary, its lines joined, is a whole sentence: it ends with a full stop. */
    @ParameterizedTest
    @ValueSource(ints = {60, 80, 132})
    void commandSummariesAreWholeSentences(int width) {
        String text = help(width, "--help");
        String commandsPart = text.substring(text.indexOf("Commands:\n") + "Commands:\n".length());
        commandsPart = commandsPart.substring(0, commandsPart.indexOf("\n\n"));
        List<String> summaries = new ArrayList<>();
        for (String line : commandsPart.split("\n")) {
            Matcher m = COMMAND_ENTRY.matcher(line);
            if (m.matches()) {
                summaries.add(m.group(2).trim());
            } else {
                int last = summaries.size() - 1;
                summaries.set(last, summaries.get(last) + " " + line.trim());
            }
        }
        assertEquals(13, summaries.size(), commandsPart);
        for (String summary : summaries) {
            assertTrue(summary.endsWith("."), width + ": " + summary);
        }
    }
}
