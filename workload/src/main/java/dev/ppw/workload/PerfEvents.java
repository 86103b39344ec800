package dev.ppw.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The events {@code perf list} names, with what perf says each counts: what {@code ppw-java events} prints and the
 * server's run form searches. perf 6.2 and newer print JSON ({@code perf list -j}), read with Jackson; older ones print
 * text ({@code perf list --long-desc}), read by its layout, and {@link #list} asks for JSON first and falls back to
 * the text when perf does not know {@code -j}. Two lines of perf 6.1's text:
 * <pre>{@code
 *   context-switches OR cs                             [Software event]
 *   l2_cache_misses_from_l2_hwpf
 *        [L2 Cache Misses from L2 Cache HWPF]
 * }</pre>
 */
public final class PerfEvents {
    private static final JsonFactory JSON = new JsonFactory();
    /** An event's line: two spaces, its name (and {@code OR} aliases), and its kind in brackets at the end. */
    private static final Pattern EVENT = Pattern.compile("  (\\S.*?)(?:\\s{2,}\\[([^\\]]+)\\])?\\s*");
    private static final String METRIC_GROUPS = "Metric Groups:";

    /**
     * What the kernel's software and perf's tool events count, for a perf that lists them without a word (perf 6.1
     * does): the events a machine without hardware counters (a virtual machine, a container) still has.
     */
    private static final Map<String, String> OWN_WORDS = Map.ofEntries(
            Map.entry("cpu-clock", "CPU time of the measured tasks, from a high-resolution timer per CPU (msec);"
                    + " perf record samples it when no event is given"),
            Map.entry("task-clock", "time the measured tasks ran on a CPU (msec); perf stat's 'CPUs utilized' is it"
                    + " over the wall time"),
            Map.entry("page-faults", "page faults taken by the measured tasks, minor and major"),
            Map.entry("minor-faults", "page faults served without reading from disk"),
            Map.entry("major-faults", "page faults that read the page from disk"),
            Map.entry("context-switches", "times a measured task left its CPU for another task"),
            Map.entry("cpu-migrations", "times a measured task moved to another CPU"),
            Map.entry("alignment-faults", "unaligned memory accesses the kernel fixed up"),
            Map.entry("emulation-faults", "instructions the kernel emulated"),
            Map.entry("cgroup-switches", "context switches to a task of another control group"),
            Map.entry("bpf-output", "samples written by BPF programs, for perf record"),
            Map.entry("dummy", "counts nothing: a placeholder that carries side-band records"),
            Map.entry("duration_time", "wall-clock time of the measurement (ns)"),
            Map.entry("user_time", "user-mode CPU time of the measured tasks (ns)"),
            Map.entry("system_time", "kernel-mode CPU time of the measured tasks (ns)"));

    private PerfEvents() {
    }

    /** {@code event} with ppw-java's own words when perf gives it none and it is one of {@link #OWN_WORDS}. */
    private static PerfEvent withOwnWords(PerfEvent event) {
        String words = OWN_WORDS.get(event.name());
        return words == null || !event.description().isEmpty() ? event
                : new PerfEvent(event.name(), event.aliases(), event.type(), event.topic(), words);
    }

    /**
     * Every event and metric the installed perf lists, in its order; a software event perf says nothing of is
     * described in ppw-java's words.
     *
     * @param perf the perf to ask: {@code perf} on the PATH, or a path to it
     * @throws WorkloadException when perf is not installed or cannot list its events (the message says what to do)
     */
    public static List<PerfEvent> list(String perf) {
        Perf.Output json = Perf.run(perf, List.of("list", "-j"));
        if (json.exitStatus() == 0 && json.stdout().stripLeading().startsWith("[")) {
            try {
                return parseJson(new java.io.ByteArrayInputStream(json.stdout().getBytes(StandardCharsets.UTF_8)))
                        .stream().map(PerfEvents::withOwnWords).toList();
            } catch (IOException e) {
                // a perf whose -j is something else: its text is read instead
            }
        }
        Perf.Output text = Perf.run(perf, List.of("list", "--long-desc"));
        if (text.exitStatus() != 0) {
            throw new WorkloadException("perf list failed (exit " + text.exitStatus() + "): "
                    + Perf.firstLine(text.stderr()));
        }
        try {
            return parseText(new StringReader(text.stdout())).stream().map(PerfEvents::withOwnWords).toList();
        } catch (IOException e) {
            throw new IllegalStateException("reading a string failed", e);
        }
    }

    /** {@link #list(String)} of the {@code perf} on the PATH. */
    public static List<PerfEvent> list() {
        return list(Perf.DEFAULT);
    }

    /** The events of {@code events} that match {@code search} ({@link PerfEvent#matches}), in order. */
    public static List<PerfEvent> search(List<PerfEvent> events, String search) {
        return events.stream().filter(e -> e.matches(search)).toList();
    }

    /**
     * The events of {@code perf list -j}: a JSON array of objects, an event's with {@code EventName},
     * {@code EventAlias}, {@code EventType}, {@code Topic}, {@code BriefDescription} and {@code PublicDescription}
     * (the longer one, preferred), a metric's with {@code MetricName}, {@code MetricGroup} and its descriptions. Other
     * keys are ignored; an object with neither name is skipped.
     *
     * @throws IOException when it is not such an array
     */
    public static List<PerfEvent> parseJson(InputStream in) throws IOException {
        List<PerfEvent> events = new ArrayList<>();
        try (JsonParser p = JSON.createParser(in)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException("perf list -j: expected a JSON array");
            }
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t != JsonToken.START_OBJECT) {
                    throw new IOException("perf list -j: expected an object per event, got " + t);
                }
                Map<String, String> fields = new LinkedHashMap<>();
                for (JsonToken f = p.nextToken(); f != JsonToken.END_OBJECT; f = p.nextToken()) {
                    String key = p.currentName();
                    JsonToken value = p.nextToken();
                    if (value.isScalarValue()) {
                        fields.put(key, p.getText());
                    } else {
                        p.skipChildren();
                    }
                }
                PerfEvent event = fromJson(fields);
                if (event != null) {
                    events.add(event);
                }
            }
        }
        return events;
    }

    private static PerfEvent fromJson(Map<String, String> f) {
        String description = f.getOrDefault("PublicDescription", f.getOrDefault("BriefDescription", "")).strip();
        if (f.containsKey("MetricName")) {
            return new PerfEvent(f.get("MetricName"), List.of(), PerfEvent.METRIC, f.getOrDefault("MetricGroup", ""),
                    description);
        }
        String name = f.get("EventName");
        if (name == null || name.isBlank()) {
            return null;
        }
        String alias = f.getOrDefault("EventAlias", "").strip();
        return new PerfEvent(name.strip(), alias.isEmpty() ? List.of() : List.of(alias.split("\\s+OR\\s+")),
                f.getOrDefault("EventType", "").strip(), f.getOrDefault("Topic", "").strip(), description);
    }

    /**
     * The events of {@code perf list --long-desc}'s text: a line per event (two spaces, the name, {@code OR}
     * aliases, its kind in brackets), its description on the lines below in brackets, deeper, maybe wrapped; a line
     * ending in ':' at the margin starts a topic, and those after {@code Metric Groups:} list metrics. Lines of
     * another shape are skipped.
     */
    public static List<PerfEvent> parseText(Reader in) throws IOException {
        List<PerfEvent> events = new ArrayList<>();
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        String topic = "";
        boolean metrics = false;
        PerfEvent last = null;
        StringBuilder description = null;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (description != null) {
                description.append(' ').append(line.strip());
                if (line.stripTrailing().endsWith("]")) {
                    last = described(last, description);
                    events.set(events.size() - 1, last);
                    description = null;
                }
                continue;
            }
            if (line.isBlank()) {
                continue;
            }
            if (!line.startsWith(" ")) {
                String heading = line.strip();
                if (heading.equals(METRIC_GROUPS)) {
                    metrics = true;
                    topic = "";
                } else if (heading.endsWith(":") && !heading.contains(" (")) {
                    topic = heading.substring(0, heading.length() - 1);
                }
                last = null;
                continue;
            }
            if (line.startsWith("   ") && line.strip().startsWith("[") && last != null) {
                description = new StringBuilder(line.strip());
                if (line.stripTrailing().endsWith("]")) {
                    last = described(last, description);
                    events.set(events.size() - 1, last);
                    description = null;
                }
                continue;
            }
            Matcher m = EVENT.matcher(line);
            if (!m.matches() || line.startsWith("   ")) {
                continue;
            }
            String[] names = m.group(1).strip().split("\\s+OR\\s+");
            String type = metrics ? PerfEvent.METRIC : m.group(2) == null ? "" : m.group(2).strip();
            last = new PerfEvent(names[0], List.of(names).subList(1, names.length), type, topic, "");
            events.add(last);
        }
        return events;
    }

    /** {@code event} with the bracketed description gathered in {@code text}. */
    private static PerfEvent described(PerfEvent event, StringBuilder text) {
        String d = text.toString().strip();
        if (d.startsWith("[")) {
            d = d.substring(1);
        }
        if (d.endsWith("]")) {
            d = d.substring(0, d.length() - 1);
        }
        return new PerfEvent(event.name(), event.aliases(), event.type(), event.topic(), d.strip());
    }
}
