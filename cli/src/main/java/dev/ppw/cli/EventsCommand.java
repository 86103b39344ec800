package dev.ppw.cli;

import dev.ppw.workload.PerfEvent;
import dev.ppw.workload.PerfEvents;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java events}: the events perf can count here, with what each counts, for {@code record -e}. */
@Command(name = "events", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Lists the events 'perf list' names, with what each counts, for 'record -e'.",
                "SEARCH keeps those whose name, alias, kind, topic or description has every word of it "
                + "(any case)."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java events",
                "      every event and metric, tracepoints among them",
                "  ppw-java events 'software'",
                "      the kernel's software events, which count on any machine (a virtual one too)",
                "  ppw-java events cache miss --all",
                "      cache-miss events, tracepoints included",
                "%nExit codes: 0 ok (also when none matches), 1 perf is missing or fails, 2 bad usage."})
final class EventsCommand implements Callable<Integer> {
    private static final String TRACEPOINT = "Tracepoint event";

    @ParentCommand
    Main main;

    @Parameters(arity = "0..*", paramLabel = "SEARCH", description = "Words every listed event has (default: all).")
    List<String> search = List.of();

    @Option(names = "--all", description = "Tracepoints too (the kernel's thousands of them are left out unless a"
            + " SEARCH is given).")
    boolean all;

    @Override
    public Integer call() {
        List<PerfEvent> events = PerfEvents.list();
        String words = String.join(" ", search);
        boolean tracepoints = all || !words.isBlank();
        List<PerfEvent> shown = PerfEvents.search(events, words).stream()
                .filter(e -> tracepoints || !TRACEPOINT.equals(e.type())).toList();
        PrintStream out = main.streams().out();
        int width = shown.stream().mapToInt(e -> name(e).length()).max().orElse(0);
        for (PerfEvent e : shown) {
            StringBuilder line = new StringBuilder(name(e));
            line.append(" ".repeat(width - line.length() + 2)).append('[').append(e.type()).append(']');
            if (!e.description().isEmpty()) {
                line.append("  ").append(e.description());
            }
            out.println(line);
        }
        main.streams().err().println(Main.PREFIX + shown.size() + " of " + events.size() + " events"
                + (words.isBlank() ? "" : " match '" + words + "'")
                + (tracepoints ? "" : " (tracepoints left out: --all)"));
        return Main.OK;
    }

    private static String name(PerfEvent e) {
        return e.aliases().isEmpty() ? e.name() : e.name() + " (" + String.join(", ", e.aliases()) + ")";
    }
}
