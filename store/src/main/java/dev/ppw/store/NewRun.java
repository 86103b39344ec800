package dev.ppw.store;

import dev.ppw.model.Profile;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A run to store ({@link RunStore#put}): its profile and what is said about it. Immutable; {@link #of} gives a run
 * with nothing said, the {@code with} methods a copy with one thing more.
 *
 * <p>The profile is kept whole as a saved profile (lossless: {@code run:ID} reads it back into any command). Its rows
 * are kept for queries across runs: a tree or callpath profile's rows as calling contexts, and flat rows from
 * {@link #flat()} when given, else derived from a tree profile that is a sum (flat inclusive time cannot be summed
 * from tree rows under recursion, nor derived from a min, max or avg aggregate: a merge gives its flat view itself).
 *
 * @param profile     the run's profile, in any view
 * @param flat        the same run's flat view, when the caller has it and {@code profile} is not a sum tree
 * @param label       a name for the run ({@code run:LABEL} finds its latest run); empty for none
 * @param session     the session's name, created on first use; empty for none
 * @param tags        tag key to value (keys unique)
 * @param commandLine the command's arguments as given
 * @param environment what the run ran on and with: host, workload variables (information only)
 * @param settings    the tool's settings: option names to values (information only, "run again" reads them)
 * @param tool        ppw-java and its version, as outputs name their writer
 * @param git         the commit and branch of the work tree the run was stored from, when inside one
 * @param created     when the run was made; null for the time of storing
 * @param outcome     how the workload ended, for runs of a workload ({@link Outcome#OK} otherwise)
 * @param rawFiles    files kept beside the store with the run (perf.data, traces): a name unique in the run to the file
 * @param counterPoints the values of the profile's counter series over time (perf stat -I's intervals), kept
 *                    beside their summaries; empty when the run has none. Kept in {@link CounterPoint#ORDER}
 */
public record NewRun(Profile profile, Optional<Profile> flat, String label, String session, Map<String, String> tags,
                     List<String> commandLine, Map<String, String> environment, Map<String, String> settings,
                     String tool, Optional<GitInfo> git, Instant created, Outcome outcome, Map<String, Path> rawFiles,
                     List<CounterPoint> counterPoints) {

    /**
     * How a run's workload ended.
     *
     * @param failed     true when the workload failed (non-zero exit or a signal)
     * @param exitStatus its exit status, null when none (not a workload, or killed)
     * @param stderrTail the last lines of its standard error, empty when none
     */
    public record Outcome(boolean failed, Integer exitStatus, String stderrTail) {
        /** A run that is not a workload's, or whose workload succeeded without saying anything. */
        public static final Outcome OK = new Outcome(false, null, "");

        public Outcome {
            Objects.requireNonNull(stderrTail, "stderrTail");
        }
    }

    public NewRun {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(flat, "flat");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(session, "session");
        tags = Map.copyOf(tags);
        commandLine = List.copyOf(commandLine);
        environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(git, "git");
        Objects.requireNonNull(outcome, "outcome");
        rawFiles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rawFiles));
        counterPoints = counterPoints.stream().sorted(CounterPoint.ORDER).toList();
        for (String key : tags.keySet()) {
            checkTagKey(key);
        }
    }

    /** A tag key: not empty, no '=' (a key=value argument splits at the first '='), no control characters. */
    static void checkTagKey(String key) {
        if (key.isEmpty() || key.indexOf('=') >= 0 || key.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("a tag key must be a non-empty word without '=', got '" + key + "'");
        }
    }

    /** {@code profile} with nothing said about it. */
    public static NewRun of(Profile profile) {
        return new NewRun(profile, Optional.empty(), "", "", Map.of(), List.of(), Map.of(), Map.of(), "",
                Optional.empty(), null, Outcome.OK, Map.of(), List.of());
    }

    public NewRun withFlat(Profile flatView) {
        return new NewRun(profile, Optional.of(flatView), label, session, tags, commandLine, environment, settings,
                tool, git, created, outcome, rawFiles, counterPoints);
    }

    public NewRun withLabel(String name) {
        return new NewRun(profile, flat, name == null ? "" : name, session, tags, commandLine, environment, settings,
                tool, git, created, outcome, rawFiles, counterPoints);
    }

    public NewRun withSession(String name) {
        return new NewRun(profile, flat, label, name == null ? "" : name, tags, commandLine, environment, settings,
                tool, git, created, outcome, rawFiles, counterPoints);
    }

    public NewRun withTags(Map<String, String> keyToValue) {
        return new NewRun(profile, flat, label, session, keyToValue, commandLine, environment, settings, tool, git,
                created, outcome, rawFiles, counterPoints);
    }

    public NewRun withCommandLine(List<String> arguments) {
        return new NewRun(profile, flat, label, session, tags, arguments, environment, settings, tool, git, created,
                outcome, rawFiles, counterPoints);
    }

    public NewRun withEnvironment(Map<String, String> values) {
        return new NewRun(profile, flat, label, session, tags, commandLine, values, settings, tool, git, created,
                outcome, rawFiles, counterPoints);
    }

    public NewRun withSettings(Map<String, String> values) {
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, values, tool, git, created,
                outcome, rawFiles, counterPoints);
    }

    public NewRun withTool(String nameAndVersion) {
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, settings, nameAndVersion, git,
                created, outcome, rawFiles, counterPoints);
    }

    public NewRun withGit(Optional<GitInfo> workTree) {
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, settings, tool, workTree,
                created, outcome, rawFiles, counterPoints);
    }

    public NewRun withCreated(Instant when) {
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, settings, tool, git, when,
                outcome, rawFiles, counterPoints);
    }

    public NewRun withOutcome(Outcome ended) {
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, settings, tool, git, created,
                ended, rawFiles, counterPoints);
    }

    /** This run with {@code file} kept beside the store under {@code name} (unique in the run: a file name). */
    public NewRun withRawFile(String name, Path file) {
        if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("a raw file's name must be a file name, got '" + name + "'");
        }
        Map<String, Path> more = new LinkedHashMap<>(rawFiles);
        more.put(name, file);
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, settings, tool, git, created,
                outcome, more, counterPoints);
    }

    /** This run with {@code points}, its counter series' values over time, instead of those it had. */
    public NewRun withCounterPoints(List<CounterPoint> points) {
        return new NewRun(profile, flat, label, session, tags, commandLine, environment, settings, tool, git, created,
                outcome, rawFiles, points);
    }
}
