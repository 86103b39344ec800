package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.CannotFollowException;
import dev.ppw.engine.Engine;
import dev.ppw.engine.FollowOptions;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.FollowStop;
import dev.ppw.engine.FollowedInput;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.format.InputSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code ppw-java profile}: fold trace files into one profile and print one view of it. */
@Command(name = "profile", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Folds trace files into one calling-context profile and prints one view of it.",
                "Several files are summed into one profile; saved profiles (--format json) are shown, or "
                + "summed with the rest as 'merge --agg sum' would. Times are exact to the nanosecond."},
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
                "  ppw-java profile trace.json --threads split",
                "      one top level per thread, named after it",
                "  ppw-java profile node-trace.json --async inside",
                "      async spans added into the threads' tree, as one total",
                "  ppw-java profile trace.json --format json --strict",
                "      JSON, or exit 1 without output if the trace has any anomaly",
                "  ppw-java profile perfflow.*.pfw -j 2 -q",
                "      many files summed, read on 2 threads, without a progress bar",
                "  ppw-java profile node0.ppw.json --view flat",
                "      a saved profile shown again, in another view derived from its tree",
                "  gunzip -c trace.json.gz | ppw-java profile -",
                "      '-' is standard input (gzipped or not)",
                "  ppw-java profile --follow run.pfw --view flat --top 20",
                "      the profile of a trace still being written, redrawn every second; Ctrl-C ends it",
                "  perf stat -I 1000 -x, -a 2>&1 | ppw-java profile --follow - --view counters",
                "      perf stat's counts as they come, until it ends",
                "  ppw-java profile trace.json --view flat --time-bins 50",
                "      each region's time in 50 bins over the trace, as a sparkline",
                "  ppw-java profile run.pfw --phase-by init --phase-by solve --format csv",
                "      a profile per phase: the regions or instants named init and solve",
                "  ppw-java profile run.pfw --store --label nightly --tag branch=main",
                "      the profile printed, and kept as a run of the store (its run:ID on stderr)",
                "  ppw-java profile run:last --view flat",
                "      the newest stored run again (run:12, run:nightly: by id or label)",
                "%nExit codes: 0 ok, 1 bad input or a warning under --strict, 2 bad usage,",
                "3 internal error."})
final class ProfileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "Trace files or saved profiles ('ppw-java formats' lists what is read, gzipped or not),"
                    + " folders of them, quoted globs, or '-' for standard input. An input named twice is read once.")
    List<String> inputs;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "Threads reading: one large file in chunks, or several files side by side (default: the"
                    + " number of cores); 1 reads on one thread. The output is the same whatever N is.")
    Integer jobs;

    @Mixin
    InputOptions input;

    @Mixin
    ReportOptions options;

    @Mixin
    WindowOptions time;

    @Mixin
    KeepOptions keep;

    @Option(names = "--follow",
            description = "Keep reading the one INPUT while it is written (a PerfFlowAspect .pfw, a Chrome JSON array"
                    + " without its end, perf stat -I text on '-') and show the profile so far every --interval:"
                    + " redrawn on a terminal, else each one written whole after the last (-o FILE: replaced)."
                    + " Ctrl-C, the end of '-' or --until-idle end it with the final profile; an unfinished last"
                    + " event is left out.")
    boolean follow;

    @Option(names = "--interval", paramLabel = "TIME", converter = Converters.Period.class,
            description = "With --follow: time between two snapshots, as 500ms, 1s, 2m (default: 1s).")
    Long intervalNanos;

    @Option(names = "--until-idle", paramLabel = "TIME", converter = Converters.Period.class,
            description = "With --follow: stop once no new byte has come for TIME, as 30s (default: follow until"
                    + " Ctrl-C or the end of '-').")
    Long untilIdleNanos;

    @Override
    public Integer call() throws IOException {
        Engine engine = main.engine();
        if (follow) {
            return follow(engine);
        }
        if (intervalNanos != null || untilIdleNanos != null) {
            throw ReportOptions.usage(spec, (intervalNanos != null ? "--interval" : "--until-idle")
                    + " is for --follow: add --follow to read the input while it is written");
        }
        List<InputSource> sources = engine.inputs(inputs, main.streams().in(), keep.runs());
        options.checkUsage(spec, sources.stream().map(s -> Path.of(s.name())).toList());
        if (jobs != null && jobs < 1) {
            throw ReportOptions.usage(spec, "--jobs must be at least 1, got " + jobs);
        }
        IgnoredOptions.profile(spec, options).forEach(main.streams().err()::println);
        IgnoredOptions.time(spec, options, time).forEach(main.streams().err()::println);
        Analysis analysis = Analyses.profile(sources, engine, spec, options, input, time, input.threads, jobs);
        return Analyses.run(main, spec, analysis, options, "profile", true, options.rowChoice.quiet, keep);
    }

    /** {@code --follow}: one input read while written, snapshots as {@link FollowOutput} writes them. */
    @SuppressWarnings("try") // the Ctrl-C handler is a scope: installed for the follow, put back when it ends
    private int follow(Engine engine) throws IOException {
        if (inputs.size() != 1) {
            throw ReportOptions.usage(spec, "--follow follows one input, a trace file being written or '-' for"
                    + " standard input; got " + inputs.size());
        }
        String named = inputs.get(0);
        boolean stdin = Engine.STANDARD_INPUT.equals(named);
        if (!stdin && Files.isDirectory(Path.of(named))) {
            throw ReportOptions.usage(spec, "--follow follows one file, and " + named + " is a folder");
        }
        options.checkUsage(spec, stdin ? List.of() : List.of(Path.of(named)));
        if (options.tauSections()) {
            throw ReportOptions.usage(spec, "--follow writes one profile at a time: not per thread (--style tau,"
                    + " --format " + Output.chosen(options).name() + ")");
        }
        IgnoredOptions.follow(spec, options).forEach(main.streams().err()::println);
        ReadingOptions reading = input.reading(spec, engine.formats(), options.warnings.examplesKept());
        FollowOptions following = FollowOptions.defaults()
                .withReading(options.lens.reading(reading).withThreads(input.threads))
                .withView(options.viewSpec()).withRows(options.rows(0))
                .withIntervalNanos(intervalNanos != null ? intervalNanos : FollowOptions.DEFAULT_INTERVAL_NANOS)
                .withUntilIdleNanos(untilIdleNanos != null ? untilIdleNanos : 0);
        Main.Streams streams = main.streams();
        FollowStop stop = new FollowStop();
        FollowOutput out = new FollowOutput(engine, options, streams, Colour.terminal(streams.out()), stop::stop);
        FollowedInput followed = stdin ? FollowedInput.stream(named, streams.in()) : FollowedInput.file(Path.of(named));
        AnalysisResult result;
        try (Interrupt ctrlC = Interrupt.onFirst(stop::stop)) {
            result = engine.follow(followed, following, snapshot -> {
                try {
                    out.snapshot(snapshot);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, stop);
        } catch (CannotFollowException e) {
            throw ReportOptions.usage(spec, e.getMessage());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        WarningSummary.lines(result.diagnostics(), options.strict, options.warnings).forEach(streams.err()::println);
        if (options.strict && result.diagnostics().hasWarnings()) {
            if (out.snapshots() > 0) {
                streams.err().println(Main.PREFIX + "note: the " + out.snapshots() + " snapshots written while"
                        + " following stay as they were");
            }
            return Main.BAD_DATA;
        }
        out.last(result);
        if (keep.asked()) {
            keep.keep(result.profile(), null, spec, engine, streams.err(), false);
        }
        return Main.OK;
    }

    static final class Threads implements ITypeConverter<ThreadMode> {
        @Override
        public ThreadMode convert(String value) {
            for (ThreadMode mode : ThreadMode.values()) {
                if (mode.label().equals(value.trim().toLowerCase(Locale.ROOT))) {
                    return mode;
                }
            }
            throw new TypeConversionException("unknown threads mode '" + value
                    + "': expected merge, split or by-name");
        }
    }
}
