package dev.ppw.store;

import dev.ppw.model.Part;

import java.util.List;
import java.util.Objects;

/**
 * One region as {@code history} names it: a calling context, the path of region names from a root
 * ({@code main => solve => step}; every context of that path whatever its callsites, summed as the callpath view
 * sums them), or a flat row ({@code step}: the region wherever it is called, recursion counted once), in one part.
 *
 * @param path the region names from the root, or the one region of a flat row
 * @param flat true for a flat row
 * @param part the part its rows are in: thread time, async spans or sampled stacks
 */
public record ContextName(List<String> path, boolean flat, Part part) {
    /** The separator of a path, as every output writes it. */
    public static final String SEPARATOR = " => ";

    public ContextName {
        path = List.copyOf(path);
        Objects.requireNonNull(part, "part");
        if (path.isEmpty() || (flat && path.size() != 1)) {
            throw new IllegalArgumentException("a context is a path of region names or one flat region");
        }
    }

    /**
     * {@code text} as a context: a path when it holds {@code =>} (names trimmed), else a flat region unless
     * {@code asPath} (then a root's context).
     *
     * @throws IllegalArgumentException when a name of the path is empty
     */
    public static ContextName parse(String text, boolean asPath, Part part) {
        if (!text.contains("=>")) {
            if (text.isEmpty()) {
                throw new IllegalArgumentException("the context is empty: give a region name or a path a => b");
            }
            return new ContextName(List.of(text), !asPath, part);
        }
        String[] names = text.split("=>", -1);
        List<String> path = new java.util.ArrayList<>(names.length);
        for (String n : names) {
            String name = n.strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "' has an empty region name: give a path a => b => c");
            }
            path.add(name);
        }
        return new ContextName(path, false, part);
    }

    @Override
    public String toString() {
        return String.join(SEPARATOR, path) + (flat ? " (flat)" : "") + (part == Part.THREAD ? "" : " [" + part.label() + "]");
    }

    /** The same path in {@code other}. */
    public ContextName in(Part other) {
        return new ContextName(path, flat, other);
    }
}
