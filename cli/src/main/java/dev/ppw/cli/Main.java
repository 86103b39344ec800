package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.model.BadInputException;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.output.AtomicOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The {@code ppw-java} command: subcommands, and the one place where errors become exit codes.
 *
 * <p>Exit codes: 0 ok; 1 bad data (an unreadable or broken input, or a warning under {@code --strict});
 * 2 bad usage (an unknown option, a bad option value); 3 internal error, with its stack trace, or out of memory,
 * one line naming the input being read (or the inputs), the heap and how to raise it ({@link OutOfMemory}).
 */
@Command(name = "ppw-java", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Turns traces into calling-context profiles: tree, callpath, flat and TAU views.",
        footerHeading = "%nExit codes:%n",
        footer = {"  0 ok, 1 bad input (or a warning under --strict), 2 bad usage, 3 internal error or out of memory",
                "%nRun 'ppw-java help profile', 'ppw-java help merge' or 'ppw-java help diff' for options and examples,",
                "'ppw-java formats' for the input formats read."})
public final class Main implements Callable<Integer> {
    public static final int OK = 0;
    public static final int BAD_DATA = 1;
    public static final int BAD_USAGE = 2;
    public static final int INTERNAL_ERROR = 3;

    static final String PREFIX = "ppw-java: ";

    /** The subcommands, in the order help lists them. */
    private static final List<Class<?>> COMMANDS = List.of(ProfileCommand.class, MergeCommand.class,
            DiffCommand.class, ReportCommand.class, RunsCommand.class, HistoryCommand.class, RecordCommand.class,
            EventsCommand.class, ServeCommand.class, FormatsCommand.class, WeaveCommand.class,
            CommandLine.HelpCommand.class, CompletionCommand.class);
    /**
     * The subcommands that never look at the others, by name: a run of one of them builds only its own model. The
     * names are their {@code @Command} names, written here so that finding the one to run reads no annotation.
     */
    static final Map<String, Class<?>> ALONE = Map.ofEntries(Map.entry("profile", ProfileCommand.class),
            Map.entry("merge", MergeCommand.class), Map.entry("diff", DiffCommand.class),
            Map.entry("report", ReportCommand.class), Map.entry("runs", RunsCommand.class),
            Map.entry("history", HistoryCommand.class), Map.entry("record", RecordCommand.class),
            Map.entry("events", EventsCommand.class), Map.entry("serve", ServeCommand.class),
            Map.entry("formats", FormatsCommand.class), Map.entry("weave", WeaveCommand.class));

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        // A thread of no analysis (none is today; a plug-in's could be) that runs out of memory ends the run as one
        // would, not with the JVM's stack trace of that thread.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError) {
                System.err.println(PREFIX + "error: " + OutOfMemory.message(e, List.of()));
                Runtime.getRuntime().halt(INTERNAL_ERROR);
            }
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            e.printStackTrace();
        });
        // Ctrl-C or SIGTERM while an output is written: its temporary file goes, its target stays as it was.
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicOutput::removeUnfinished, "ppw-java output cleanup"));
        System.exit(run(args, System.in, System.out, System.err, stdoutCharset()));
    }

    /** What System.out encodes with: the terminal's charset, or the locale's when it is not a terminal. */
    private static Charset stdoutCharset() {
        String name = System.getProperty("stdout.encoding", System.getProperty("native.encoding"));
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    /** Runs the command line with {@code out} for results and help, {@code err} for messages; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, InputStream.nullInputStream(), out, err);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)}, with {@code in} as standard input (the input {@code -}). */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return run(args, in, out, err, StandardCharsets.UTF_8);
    }

    /**
     * As {@link #run(String[], InputStream, PrintStream, PrintStream)}, {@code out} standing for a terminal or
     * pipe in {@code outCharset}: text draws its tree in ASCII there unless the charset has box drawing.
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Charset outCharset) {
        return run(args, in, out, err, outCharset, null);
    }

    /**
     * As {@link #run(String[], InputStream, PrintStream, PrintStream, Charset)}, {@code merge --engine NAME} carried
     * out by {@code backend} when it has that name (the spark module's front end passes its own).
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Charset outCharset,
                          MergeBackend backend) {
        return run(args, in, out, err, outCharset, backend, helpWidth(System.getenv("COLUMNS")));
    }

    /** Picocli's narrowest help. */
    static final int MIN_HELP_WIDTH = 55;
    /**
     * {@link #helpWidth}'s answer when the terminal is to be asked: picocli asks it ({@code stty}) only when help is
     * printed and the JVM has a terminal, and wraps at 80 when it has none or cannot tell.
     */
    static final int TERMINAL_WIDTH = 0;

    /**
     * The width help wraps at: {@code COLUMNS} when it is a number (at least {@link #MIN_HELP_WIDTH}), else
     * {@link #TERMINAL_WIDTH}: the terminal's, or 80 when unknown.
     */
    static int helpWidth(String columns) {
        if (columns != null && columns.trim().matches("\\d{1,6}")) {
            return Math.max(MIN_HELP_WIDTH, Integer.parseInt(columns.trim()));
        }
        return TERMINAL_WIDTH;
    }

    /** As {@link #run(String[], InputStream, PrintStream, PrintStream, Charset, MergeBackend)}, help wrapped at {@code helpWidth}. */
    static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Charset outCharset,
                   MergeBackend backend, int helpWidth) {
        PrintWriter errWriter = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        PrintWriter outWriter = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        CommandLine cl = commandLine(new Streams(in, out, err, outCharset), backend, args);
        if (helpWidth == TERMINAL_WIDTH) {
            cl.setUsageHelpAutoWidth(true);
        } else {
            cl.setUsageHelpWidth(helpWidth);
        }
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((e, arguments) -> {
            errWriter.println(PREFIX + "error: " + UsageErrors.message(e));
            CommandLine failed = e.getCommandLine();
            errWriter.println(PREFIX + "see '" + failed.getCommandSpec().qualifiedName() + " --help'");
            return BAD_USAGE;
        });
        cl.setExecutionExceptionHandler((e, failed, parseResult) -> {
            if (OutOfMemory.causes(e)) {
                errWriter.println(PREFIX + "error: " + OutOfMemory.message(e, OutOfMemory.inputs(parseResult)));
                return INTERNAL_ERROR;
            }
            if (e instanceof BadInputsException bad) {
                DroppedSummary.error(bad).forEach(errWriter::println);
                return BAD_DATA;
            }
            if (e instanceof BadInputException || e instanceof FileProblem) {
                errWriter.println(PREFIX + "error: " + e.getMessage());
                return BAD_DATA;
            }
            errWriter.println(PREFIX + "internal error (a bug: please report it with this trace)");
            e.printStackTrace(errWriter);
            return INTERNAL_ERROR;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // Picocli hands on errors as they are: the heap ran out outside the command's own call.
            errWriter.println(PREFIX + "error: " + OutOfMemory.message(e, OutOfMemory.inputs(cl.getParseResult())));
            return INTERNAL_ERROR;
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    /**
     * The command line for {@code args}: {@code ppw-java} with every subcommand, or only the one that {@code args}
     * runs when it needs no other. Picocli builds each command's model from its annotations by reflection, and
     * for a small input that was the larger part of a run (docs/performance.md, "The command line, cold").
     */
    static CommandLine commandLine(Streams streams, String... args) {
        return commandLine(streams, null, args);
    }

    private static CommandLine commandLine(Streams streams, MergeBackend backend, String... args) {
        CommandLine cl = new CommandLine(new Main(streams, backend));
        Class<?> alone = args.length > 0 ? ALONE.get(args[0]) : null;
        // --version alone prints the version and looks at no subcommand
        boolean versionOnly = args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
        for (Class<?> c : COMMANDS) {
            if (!versionOnly && (alone == null || c == alone)) {
                cl.addSubcommand(c);
            }
        }
        CommandLine runs = cl.getSubcommands().get("runs");
        if (runs != null) {
            RunsCommand.addActions(runs, alone == RunsCommand.class ? args : new String[0]);
        }
        return cl;
    }

    private final Streams streams;
    private final MergeBackend backend;
    private Engine engine;

    Main(Streams streams) {
        this(streams, null);
    }

    private Main(Streams streams, MergeBackend backend) {
        this.streams = streams;
        this.backend = backend;
    }

    /** Where {@code merge --engine NAME} runs other than here, or null when this run has none. */
    MergeBackend backend() {
        return backend;
    }

    Streams streams() {
        return streams;
    }

    /** The engine of this run: the formats registered on the class path, found once, and the writers. */
    synchronized Engine engine() {
        if (engine == null) {
            engine = MergeBinding.engine();
        }
        return engine;
    }

    /** The input formats registered on the class path. */
    FormatRegistry formats() {
        return engine().formats();
    }

    /** Without a subcommand: usage on stderr, and a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return BAD_USAGE;
    }

    /**
     * Where a run's output goes: commands write results to {@code out} as bytes, never to System.out;
     * {@code outCharset} is what whoever reads {@code out} decodes it with.
     */
    record Streams(InputStream in, PrintStream out, PrintStream err, Charset outCharset) {
    }
}
