package dev.ppw.cli;

import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import dev.ppw.workload.RunningWorkload;
import dev.ppw.workload.WorkloadListener;
import dev.ppw.workload.WorkloadResult;
import dev.ppw.workload.WorkloadSpec;
import dev.ppw.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java record}: run a workload, under perf or on its own, and keep it as a run of the store. */
@Command(name = "record", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Runs a workload and keeps it as a run of the store: under 'perf stat -I' its counts per "
                + "interval become the run's counter series, under 'perf record' its samples are folded "
                + "into the run's profile, and on its own the PerfFlowAspect traces it writes into "
                + "--trace-dir are merged as nodes. perf's outputs are kept beside the store.",
                "The workload's output goes to stderr, each interval too (unless -q); stdout gets the "
                + "run's name, run:ID. A workload that fails is kept, marked failed, with its exit status "
                + "and the end of its stderr, and the exit code is 1."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java record --perf stat -e task-clock,page-faults -I 100 -- ./solver --size 64",
                "      counts every 100 ms while the solver runs, kept as counter series",
                "  ppw-java record --perf record -F 999 -g --label nightly -- ./solver",
                "      samples with call chains, folded into a calling-context tree",
                "  ppw-java record --trace-dir traces --env OMP_NUM_THREADS=4 -- ./app",
                "      the app's PerfFlowAspect traces (PERFFLOW_OPTIONS=log-dir=traces) merged as nodes",
                "  ppw-java events clock",
                "      the events perf can count here whose name or description says 'clock'",
                "%nExit codes: 0 ok, 1 the workload failed (it is kept), perf is missing or not allowed,",
                "or the store cannot be used; 2 bad usage, 3 internal error."})
final class RecordCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Option(names = "--perf", paramLabel = "TOOL", converter = Converters.PerfTool.class,
            completionCandidates = CompletionCandidates.PerfTools.class,
            description = "stat (perf stat -I: counts per interval) or record (perf record, then perf script);"
                    + " without it the workload runs on its own.")
    WorkloadSpec.Tool tool;

    @Option(names = {"-e", "--events"}, paramLabel = "EVENTS", split = ",",
            description = "perf events, comma-separated ('ppw-java events' lists them; default: perf's own set for"
                    + " stat, cpu-clock samples for record).")
    List<String> events = new ArrayList<>();

    @Option(names = {"-I", "--interval"}, paramLabel = "MS",
            description = "With --perf stat: milliseconds between two counts (default: 1000).")
    Long intervalMillis;

    @Option(names = {"-F", "--freq"}, paramLabel = "HZ",
            description = "With --perf record: samples per second (default: 99).")
    Integer frequencyHz;

    @Option(names = "-g", description = "With --perf record: each sample's call chain, not only its function.")
    boolean callGraph;

    @Option(names = "--env", paramLabel = "KEY=VALUE",
            description = "A variable of the workload's environment, added to ppw-java's own (repeatable).")
    List<String> env = new ArrayList<>();

    @Option(names = "--trace-dir", paramLabel = "DIR",
            description = "A folder the workload writes PerfFlowAspect traces (.pfw) into; those written while it runs"
                    + " are merged as nodes into the run (PERFFLOW_OPTIONS gets log-dir=DIR).")
    Path traceDir;

    @Mixin
    StoreOptions store;

    @Option(names = "--label", paramLabel = "NAME", description = "The run's label: run:NAME finds its newest run.")
    String label;

    @Option(names = "--session", paramLabel = "NAME", description = "The run's session, made on first use.")
    String session;

    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "A tag of the run (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = {"-q", "--quiet"}, description = "Neither the workload's output nor the intervals on stderr.")
    boolean quiet;

    @Parameters(arity = "1..*", paramLabel = "CMD",
            description = "The workload and its arguments, after '--'; run directly (sh -c '...' for a shell line).")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        WorkloadSpec workload = workload();
        var tagMap = RunArguments.tags(spec, tags);
        PrintStream err = main.streams().err();
        Workloads.Options options = Workloads.Options.defaults().withEngine(main.engine());
        WorkloadResult result;
        try (RunningWorkload running = Workloads.start(workload, quiet ? WorkloadListener.NONE : new WorkloadEcho(err),
                options);
             Interrupt ctrlC = Interrupt.onFirst(running::cancel)) {
            result = running.await();
            NewRun run = StoreOptions.described(result.toNewRun(), spec).withLabel(label).withSession(session)
                    .withTags(tagMap);
            long id;
            try (RunStore opened = store.open(true)) {
                id = opened.put(run, main.engine());
            }
            main.streams().out().println("run:" + id);
            result.notes().forEach(n -> err.println(Main.PREFIX + "note: " + n));
            if (result.failed()) {
                err.println(Main.PREFIX + "error: the workload " + (result.cancelled() ? "was cancelled"
                        : "failed" + result.exitStatus().stream().mapToObj(s -> " (exit " + s + ")").findFirst()
                        .orElse("")) + "; kept as run:" + id + ", marked failed");
                return Main.BAD_DATA;
            }
        }
        return Main.OK;
    }

    /** The options as a {@link WorkloadSpec}; a usage error for one that does not fit the tool. */
    private WorkloadSpec workload() {
        WorkloadSpec.Tool perf = tool == null ? WorkloadSpec.Tool.NONE : tool;
        if (perf != WorkloadSpec.Tool.STAT && intervalMillis != null) {
            throw ReportOptions.usage(spec, "-I is perf stat's interval: add --perf stat");
        }
        if (perf != WorkloadSpec.Tool.RECORD && (frequencyHz != null || callGraph)) {
            throw ReportOptions.usage(spec, (callGraph ? "-g" : "-F") + " is perf record's: add --perf record");
        }
        if (perf == WorkloadSpec.Tool.NONE && !events.isEmpty()) {
            throw ReportOptions.usage(spec, "-e names perf events: add --perf stat or --perf record");
        }
        try {
            WorkloadSpec w = WorkloadSpec.of(command).withTool(perf).withEvents(events)
                    .withEnvironment(RunArguments.tags(spec, env)).withTraceDir(traceDir);
            w = intervalMillis == null ? w : w.withIntervalMillis(intervalMillis);
            return frequencyHz == null ? w : w.withFrequencyHz(frequencyHz);
        } catch (IllegalArgumentException e) {
            throw ReportOptions.usage(spec, e.getMessage());
        }
    }
}
