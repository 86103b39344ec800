package dev.ppw.store;

import java.util.regex.Pattern;

/**
 * Inputs that name stored runs: {@code run:ID} (the run's number), {@code run:last} (the newest run) and
 * {@code run:LABEL} (the newest run with that label). A file named {@code run:x} in the working folder is still
 * reachable as {@code ./run:x}.
 */
public final class RunNames {
    /** What every run's input name starts with. */
    public static final String PREFIX = "run:";
    /** The newest run. */
    public static final String LAST = "last";

    private static final Pattern ID = Pattern.compile("[0-9]{1,18}");

    private RunNames() {
    }

    /** True when {@code name} names a run: {@code run:} and something after it. */
    public static boolean isRunName(String name) {
        return name.startsWith(PREFIX) && name.length() > PREFIX.length();
    }

    /** {@code name} without its {@code run:}, when it has one. */
    public static String withoutPrefix(String name) {
        return name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name;
    }

    /** True when {@code ref} (without {@code run:}) is a run's number rather than a label. */
    static boolean isId(String ref) {
        return ID.matcher(ref).matches();
    }
}
