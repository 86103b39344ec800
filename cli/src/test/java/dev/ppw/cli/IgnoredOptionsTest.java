package dev.ppw.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An option that the chosen view, format or operator does not use is one warning line, and the output is exactly
 * the output without it; options that do apply say nothing.
 */
class IgnoredOptionsTest {
    private static final String PREFIX = "ppw-java: warning: ";
    /* Two nested calls and a counter series: every view has rows or series to show. */
    private static final String TRACE = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
             {"name":"work","ph":"X","pid":1,"tid":1,"ts":1,"dur":4},
             {"name":"work","ph":"X","pid":1,"tid":1,"ts":6,"dur":2},
             {"name":"queue","ph":"C","pid":1,"tid":1,"ts":2,"args":{"depth":3}}]
            """;

    @TempDir
    Path dir;
    private String trace;
    private String otherTrace;

    @BeforeEach
    void writeTraces() throws IOException {
        trace = Files.writeString(dir.resolve("t.json"), TRACE).toString();
        otherTrace = Files.writeString(dir.resolve("u.json"), TRACE).toString();
    }

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(delimiter = '|', value = {
            "profile --view tree     | --depth 3       | --depth sets the key length of the tau view only; ignored with --view tree",
            "profile --view flat     | --depth 3       | --depth sets the key length of the tau view only; ignored with --view flat",
            "profile --view flat     | --max-depth 2   | --max-depth counts levels of a tree, and the rows of flat are not one; ignored with --view flat",
            "profile --view tau      | --max-depth 1   | --max-depth counts levels of a tree, and the rows of tau are not one; ignored with --view tau",
            "profile --view counters | --sort name     | --sort chooses or lays out a view's rows, and --view counters lists counter series; ignored with --view counters",
            "profile --view counters | --max-depth 1   | --max-depth chooses or lays out a view's rows, and --view counters lists counter series; ignored with --view counters",
            "profile --view counters | --min-percent 50 | --min-percent chooses or lays out a view's rows, and --view counters lists counter series; ignored with --view counters",
            "profile --format folded | --unit ms       | --unit has no place in folded stacks: their values are whole nanoseconds (or the sample weight's own unit); ignored with --format folded",
            "profile --view counters | --top 1         | --top chooses or lays out a view's rows, and --view counters lists counter series; ignored with --view counters",
            "profile --view counters | --ascending     | --ascending chooses or lays out a view's rows, and --view counters lists counter series; ignored with --view counters",
            "profile --view counters | --style tau     | --style chooses or lays out a view's rows, and --view counters lists counter series; ignored with --view counters",
            "profile --format csv    | --style tau     | --style lays out text only; ignored with --format csv",
            "profile --format json   | --ascii         | --ascii draws the lines of a text tree only; ignored with --format json",
            "profile --format csv    | -v              | --verbose lists the inputs in the text header only; ignored with --format csv",
            "profile --view flat     | --ascii         | --ascii draws the lines of a tree, and the rows of flat are not one; ignored with --view flat",
            "profile --format folded | --percentiles 50 | --percentiles have no place in folded stacks; ignored with --format folded",
            "profile --view counters | --percentiles 50,90 | --percentiles are per row of calls, and --view counters lists counter series; ignored with --view counters",
            "merge --style tau       | --percentiles 99 | --percentiles are not among the columns of TAU's pprof layout; ignored with --style tau",
            "merge --format folded   | --breakdown     | --breakdown has no place in folded stacks; ignored with --format folded",
            "merge --format folded   | --top-imbalance 2 | --top-imbalance has no place in folded stacks; ignored with --format folded",
            "merge --view counters --format csv | --breakdown | --breakdown is per row, and --view counters lists counter series; ignored with --view counters",
            "merge --view counters --format csv | --top-imbalance 2 | --top-imbalance is per row, and --view counters lists counter series; ignored with --view counters",
    })
    void anIgnoredOptionIsOneWarningAndChangesNothing(String chosen, String ignored, String warning) {
        Cli without = run(chosen, "");
        Cli with = run(chosen, ignored);
        assertEquals(0, with.exit(), with.toString());
        assertEquals(List.of(PREFIX + warning), with.err().lines().toList());
        assertEquals(without.out(), with.out(), "the option changed the output");
        assertEquals("", without.err(), without.toString());
    }

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(delimiter = '|', value = {
            "profile --view tau      | --depth 1",
            "profile --view tree     | --max-depth 1 --sort name --min-percent 50 --unit ms",
            "profile --view tree     | --style tau --ascii -v --top 1 --ascending",
            "profile --view callpath | --ascii --descending",
            "profile --view counters | --unit ms -v",
            "profile --view callpath | --max-depth 1",
            "profile --view flat     | --sort name --min-percent 50",
            "profile --format folded | --max-depth 1 --sort name --min-percent 50",
            "merge --agg max         | --present-only --breakdown --top-imbalance 2",
            "merge --format csv      | --breakdown --top-imbalance 2",
            "merge --format json     | --percentiles 50,99 --agg min",
            "profile --view tau      | --percentiles 90",
    })
    void optionsThatApplySayNothing(String chosen, String options) {
        Cli r = run(chosen, options);
        assertEquals(0, r.exit(), r.toString());
        assertEquals("", r.err());
    }

    @Test
    void presentOnlyChangesNoNumberOfASum() {
        Cli without = run("merge --agg sum --format csv", "");
        Cli with = run("merge --agg sum --format csv", "--present-only");
        assertEquals(0, with.exit(), with.toString());
        assertEquals(List.of(PREFIX + "--present-only changes no number with --agg sum (a missing row adds 0 to a sum"
                + " either way); min, max and avg are what it is for"), with.err().lines().toList());
        assertEquals(without.out(), with.out().replace(",sum,present,", ",sum,zero,"), "only the rule's name differs");
    }

    @Test
    void countersInFoldedStacksWarnThatNothingIsWritten() {
        Path folded = dir.resolve("c.folded");
        Cli r = run("profile --view counters", "-o " + folded);
        assertEquals(0, r.exit(), r.toString());
        assertEquals(List.of(PREFIX + "folded stacks have no counter series: --view counters with -o " + folded
                + " writes nothing"), r.err().lines().toList());
    }

    @Test
    void strictDoesNotMakeAnIgnoredOptionAnError() {
        Cli r = run("profile --view tree --strict", "--depth 3");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    private Cli run(String chosen, String extra) {
        List<String> args = new ArrayList<>(Arrays.asList(chosen.trim().split(" +")));
        args.add(1, trace);
        if (chosen.startsWith("merge")) {
            args.add(2, otherTrace);
        }
        if (!extra.isBlank()) {
            args.addAll(Arrays.asList(extra.trim().split(" +")));
        }
        return Cli.run(args.toArray(String[]::new));
    }
}
