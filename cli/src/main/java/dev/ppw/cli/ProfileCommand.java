package dev.ppw.cli;

import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.aggregate.Views;
import dev.ppw.collect.TraceReaders;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import dev.ppw.report.AtomicOutput;
import dev.ppw.report.DisplayUnit;
import dev.ppw.report.OutputFormat;
import dev.ppw.report.Report;
import dev.ppw.report.Reporter;
import dev.ppw.report.Reporters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code ppw-java profile}: fold trace files into one profile and print one view of it. */
@Command(name = "profile", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Folds trace files into one calling-context profile and prints one view of it.",
                "Several files are summed into one profile. Times are exact to the nanosecond."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java profile trace.json",
                "      the calling-context tree as a table, in a readable unit",
                "  ppw-java profile run.pfw --view flat --sort exclusive",
                "      self time per region, largest first",
                "  ppw-java profile run.pfw --view tau --depth 2 --unit ms",
                "      TAU callpaths of the last 2 region names, in milliseconds",
                "  ppw-java profile node0.pfw node1.pfw --format csv -o both.csv",
                "      two files summed into one profile, written as CSV",
                "  ppw-java profile trace.json --max-depth 3 --min-percent 1",
                "      the top 3 levels, rows of at least 1%% of the total",
                "  ppw-java profile trace.json --format json --strict",
                "      JSON, or exit 1 without output if the trace has any anomaly",
                "%nExit codes: 0 ok, 1 bad input or a warning under --strict, 2 bad usage,",
                "3 internal error."})
final class ProfileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Trace files (Chrome JSON, PerfFlowAspect .pfw, gzip).")
    List<Path> files;

    @Option(names = "--view", paramLabel = "VIEW", defaultValue = "tree", converter = Converters.View.class,
            description = "tree, callpath, flat or tau (default: ${DEFAULT-VALUE}).")
    ViewKind view;

    @Option(names = "--depth", paramLabel = "N", defaultValue = "2",
            description = "Region names per key in the tau view (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Converters.Format.class,
            description = "text, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--unit", paramLabel = "UNIT", converter = Converters.Unit.class,
            description = "s, ms, us or ns (default: ns for csv and json, a readable one for text).")
    DisplayUnit unit;

    @Option(names = "--sort", paramLabel = "KEY", defaultValue = "inclusive", converter = Converters.Sort.class,
            description = "inclusive, exclusive, calls, subcalls, min, max or name (default: ${DEFAULT-VALUE}).")
    RowOrder.SortKey sort;

    @Option(names = "--max-depth", paramLabel = "N", description = "Levels of the tree shown, roots being level 1 (default: all).")
    Integer maxDepth;

    @Option(names = "--min-percent", paramLabel = "P", defaultValue = "0",
            description = "Hide rows below P percent of the total time, with their subtrees (default: ${DEFAULT-VALUE}).")
    double minPercent;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write here instead of stdout; an existing file is replaced atomically.")
    Path output;

    @Option(names = "--strict", description = "Treat every warning as an error: exit 1 and write nothing.")
    boolean strict;

    @Override
    public Integer call() throws IOException {
        checkUsage();
        PathChecks.requireReadable(files);
        Main.Streams streams = main.streams();

        Folder folder = new Folder();
        List<String> inputs = new ArrayList<>(files.size());
        for (Path file : files) {
            inputs.add(file.toString());
            try {
                TraceReaders.read(file, folder);
            } catch (IOException e) {
                throw FileProblem.cannotRead(file, e);
            }
        }
        WarningSummary.lines(folder.diagnostics(), strict).forEach(streams.err()::println);
        if (strict && folder.diagnostics().hasWarnings()) {
            return Main.BAD_DATA;
        }

        Profile tree = SumOfFiles.of(folder.toProfile(), inputs);
        Profile shown = Views.derive(tree, view, depth);
        int[] rows = RowOrder.order(shown, sort, maxDepth == null ? 0 : maxDepth, minPercent);
        Report report = new Report(shown, rows, RowOrder.totalNanos(shown), Optional.ofNullable(unit));
        Reporter reporter = Reporters.forFormat(format);
        if (output == null) {
            reporter.write(report, streams.out());
            streams.out().flush();
        } else {
            try {
                AtomicOutput.write(output, out -> reporter.write(report, out));
            } catch (IOException e) {
                throw FileProblem.cannotWrite(output, e);
            }
        }
        return Main.OK;
    }

    private void checkUsage() {
        if (depth < 1) {
            throw usage("--depth must be at least 1, got " + depth + " (1 gives the flat profile)");
        }
        if (maxDepth != null && maxDepth < 1) {
            throw usage("--max-depth must be at least 1 (roots are level 1), got " + maxDepth);
        }
        if (!(minPercent >= 0 && minPercent <= 100)) {
            throw usage("--min-percent must be a number from 0 to 100, got " + minPercent);
        }
        if (output != null) {
            String problem = PathChecks.outputProblem(output, files);
            if (problem != null) {
                throw usage(problem);
            }
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
