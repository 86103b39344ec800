package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code help} and the completion script, checked against the command definitions. */
class HelpAndCompletionTest {
    @TempDir
    Path dir;

    /** The command tree as the command line builds it: the expectations come from here, not from a list. */
    private static CommandLine commands() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Main.commandLine(new Main.Streams(InputStream.nullInputStream(), sink, sink, StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsWhatHelpOptionsPrint() {
        Cli top = Cli.run("help");
        assertEquals(0, top.exit(), top.toString());
        assertEquals(Cli.run("--help").out(), top.out());
        assertEquals("", top.err());
        for (String name : commands().getSubcommands().keySet()) {
            if (name.equals("help")) {
                continue;
            }
            Cli r = Cli.run("help", name);
            assertEquals(0, r.exit(), r.toString());
            assertEquals(Cli.run(name, "--help").out(), r.out(), name);
            assertTrue(r.out().startsWith("Usage: ppw-java " + name), r.out());
        }
    }

    @Test
    void zshGetsTheBashScriptWhichLoadsBashcompinitItself() {
        Cli bash = Cli.run("completion", "bash");
        Cli zsh = Cli.run("completion", "zsh");
        assertEquals(0, bash.exit(), bash.toString());
        assertEquals(bash.out(), zsh.out());
        assertTrue(bash.out().contains("bashcompinit"), "zsh needs bashcompinit to run complete -F");
        assertEquals(2, Cli.run("completion", "fish").exit());
    }

    @Test
    void scriptNamesEveryCommandAndEveryOption() {
        String script = Cli.run("completion", "bash").out();
        CommandLine root = commands();
        assertEquals(new TreeSet<>(root.getSubcommands().keySet()),
                words(block(script, "_picocli_ppw-java"), "commands"), "the top level's commands");
        for (Map.Entry<String, CommandLine> sub : root.getSubcommands().entrySet()) {
            String body = block(script, "_picocli_ppw-java_" + sub.getKey());
            Set<String> offered = new TreeSet<>(words(body, "flag_opts"));
            offered.addAll(words(body, "arg_opts"));
            assertEquals(optionNames(sub.getValue().getCommandSpec()), offered, sub.getKey());
        }
    }

    /**
     * Runs the script in bash and completes every option that has candidates: each must offer exactly its own
     * candidates (two options with the same parameter label once shared one list), and each candidate must be a
     * value the option accepts.
     */
    @Test
    void bashCompletesEachOptionWithItsOwnValues() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is needed to run the script");
        Path script = Files.writeString(dir.resolve("ppw-java.bash"), Cli.run("completion", "bash").out());
        CommandLine root = commands();
        Map<String, List<String>> expected = new LinkedHashMap<>();
        StringBuilder probe = new StringBuilder("source '" + script + "'\n");
        for (Map.Entry<String, CommandLine> sub : root.getSubcommands().entrySet()) {
            for (OptionSpec option : sub.getValue().getCommandSpec().options()) {
                if (option.completionCandidates() == null) {
                    continue;
                }
                List<String> values = new ArrayList<>();
                option.completionCandidates().forEach(values::add);
                String key = sub.getKey() + " " + option.longestName();
                expected.put(key, values);
                probe.append("COMP_WORDS=(ppw-java ").append(key).append(" ''); COMP_CWORD=3; COMPREPLY=();")
                        .append(" _complete_ppw-java; echo \"").append(key).append(": ${COMPREPLY[*]}\"\n");
                for (String value : values) {
                    accepted(sub.getKey(), option.longestName(), value);
                }
            }
        }
        assertTrue(expected.containsKey("profile --view") && expected.containsKey("merge --node-by"), expected::toString);
        Map<String, List<String>> offered = new LinkedHashMap<>();
        for (String line : bash(probe.toString()).lines().toList()) {
            int colon = line.indexOf(": ");
            offered.put(line.substring(0, colon), Arrays.asList(line.substring(colon + 2).split(" ")));
        }
        assertEquals(expected, offered);

        String commandsOffered = bash("source '" + script + "'\nCOMP_WORDS=(ppw-java pro); COMP_CWORD=1;"
                + " _complete_ppw-java; echo \"${COMPREPLY[*]}\"\n");
        assertEquals("profile\n", commandsOffered);
    }

    private static void accepted(String command, String option, String value) {
        CommandLine cl = commands();
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // Two inputs: diff takes exactly two, profile and merge any number.
        CommandLine.ParseResult parsed = cl.parseArgs(command, option, value, "x.json", "y.json");
        assertTrue(parsed.subcommand().hasMatchedOption(option), command + " " + option + " " + value);
    }

    private static String bash(String script) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("/bin/bash", "--norc", "--noprofile", "-c", script)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** The body of the shell function {@code name}. */
    private static String block(String script, String name) {
        int start = script.indexOf("function " + name + "() {");
        assertTrue(start >= 0, name + " is missing");
        int end = script.indexOf("\n}\n", start);
        return script.substring(start, end);
    }

    /** The words of {@code local NAME="..."} in {@code body}. */
    private static Set<String> words(String body, String name) {
        Matcher m = Pattern.compile("local " + name + "=\"([^\"]*)\"").matcher(body);
        assertTrue(m.find(), name + " in " + body);
        Set<String> words = new TreeSet<>(Arrays.asList(m.group(1).split(" ")));
        words.remove("");
        return words;
    }

    private static Set<String> optionNames(CommandSpec spec) {
        Set<String> names = spec.options().stream().filter(o -> !o.hidden()).flatMap(o -> Arrays.stream(o.names()))
                .collect(Collectors.toCollection(TreeSet::new));
        assertFalse(names.isEmpty());
        return names;
    }
}
