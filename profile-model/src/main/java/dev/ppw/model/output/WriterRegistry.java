package dev.ppw.model.output;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The output writers a program knows, by name. Immutable once built, hence thread-safe; iteration is by
 * name, so help texts and messages do not depend on class path order.
 */
public final class WriterRegistry {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");

    private final Map<String, OutputWriter> byName;
    private final Map<OutputWriter.Default, OutputWriter> defaults = new EnumMap<>(OutputWriter.Default.class);

    /**
     * A registry of exactly {@code writers}.
     *
     * @throws IllegalArgumentException when two writers have the same name, or a name is not lower case
     *     letters, digits and dashes starting with a letter (it is typed on command lines); when two writers are the
     *     default for one choice ({@link OutputWriter#defaultFor()}), naming both
     */
    public WriterRegistry(List<? extends OutputWriter> writers) {
        Map<String, OutputWriter> map = new TreeMap<>();
        for (OutputWriter w : writers) {
            String name = w.name();
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(w.getClass().getName() + ": a writer's name is lower case letters,"
                        + " digits and dashes, got " + name);
            }
            OutputWriter before = map.putIfAbsent(name, w);
            if (before != null) {
                throw new IllegalArgumentException("two writers are named " + name + ": "
                        + before.getClass().getName() + " and " + w.getClass().getName());
            }
        }
        this.byName = Collections.unmodifiableMap(map);
        for (OutputWriter w : map.values()) {
            for (OutputWriter.Default d : w.defaultFor()) {
                OutputWriter before = defaults.putIfAbsent(d, w);
                if (before != null) {
                    throw new IllegalArgumentException("two writers are the default for " + d + ": "
                            + before.name() + " and " + w.name());
                }
            }
        }
    }

    /**
     * The writers registered with {@link ServiceLoader} that {@code loader} sees.
     *
     * @throws IllegalArgumentException as {@link #WriterRegistry(List)} does
     * @throws java.util.ServiceConfigurationError when a registration names a class that cannot be made
     */
    public static WriterRegistry load(ClassLoader loader) {
        List<OutputWriter> found = new ArrayList<>();
        ServiceLoader.load(OutputWriter.class, loader).forEach(found::add);
        return new WriterRegistry(found);
    }

    /** The writer named {@code name} (exactly, lower case), or empty. */
    public Optional<OutputWriter> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every writer's name, sorted. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The writer that is the default for {@code choice} ({@link OutputWriter#defaultFor()}), if one is registered. */
    public Optional<OutputWriter> defaultFor(OutputWriter.Default choice) {
        return Optional.ofNullable(defaults.get(choice));
    }

    /** The names of the writers that show {@code feature} ({@link OutputWriter#features()}), sorted. */
    public List<String> showing(ReportFeature feature) {
        return byName.values().stream().filter(w -> w.features().contains(feature)).map(OutputWriter::name).toList();
    }

    /** Every writer, sorted by name. */
    public List<OutputWriter> writers() {
        return List.copyOf(byName.values());
    }
}
