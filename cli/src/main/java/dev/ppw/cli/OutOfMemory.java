package dev.ppw.cli;

import dev.ppw.engine.InputOutOfMemoryError;
import picocli.CommandLine.ParseResult;

import java.util.ArrayList;
import java.util.List;

/**
 * A run that ran out of heap, said in one line (exit 3): which input it was reading (the one the engine names, else
 * the command's inputs), the heap it had, and how to
 * give it more: {@code --max-memory} of the {@code ppw-java} launcher, or {@code -Xmx} in {@code JAVA_OPTS}. The
 * heap is the JVM's to set, so the command itself can only say how.
 */
final class OutOfMemory {
    private OutOfMemory() {
    }

    /** True when {@code e} or one of its causes is an {@link OutOfMemoryError} (a worker's, wrapped by its task). */
    static boolean causes(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** The positional arguments of the subcommand that ran (its inputs), or none when the parse is unknown. */
    static List<String> inputs(ParseResult parsed) {
        List<String> inputs = new ArrayList<>();
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.subcommand() == null) {
                p.matchedPositionals().forEach(a -> inputs.addAll(a.stringValues()));
            }
        }
        return inputs;
    }

    /**
     * {@link #message(List)} of the one input {@code e} names ({@link InputOutOfMemoryError}, the engine's, among
     * its causes) when it names one, else of {@code inputs}.
     */
    static String message(Throwable e, List<String> inputs) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InputOutOfMemoryError named) {
                return message(List.of(named.input()));
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return message(inputs);
    }

    /**
     * {@code out of memory reading big.json (heap 256 MiB): give it more with --max-memory 1g (the ppw-java
     * launcher) or JAVA_OPTS=-Xmx1g}: a suggestion of four times the heap, rounded up to a power of two.
     */
    static String message(List<String> inputs) {
        long heap = Runtime.getRuntime().maxMemory();
        String reading = inputs.isEmpty() ? "" : " reading " + (inputs.size() <= 2 ? String.join(", ", inputs)
                : inputs.get(0) + " and " + (inputs.size() - 1) + " more inputs");
        String more = size(heap == Long.MAX_VALUE ? 4L << 30 : heap * 4);
        return "out of memory" + reading + " (heap " + mib(heap) + "): give it more with --max-memory " + more
                + " (the ppw-java launcher) or JAVA_OPTS=-Xmx" + more;
    }

    private static String mib(long bytes) {
        return bytes == Long.MAX_VALUE ? "unlimited" : (bytes >> 20) + " MiB";
    }

    /** {@code bytes} rounded up to a power of two, in MiB or GiB as -Xmx takes it: {@code 128m}, {@code 4g}. */
    private static String size(long bytes) {
        long mib = Long.highestOneBit(Math.max(1, (bytes >> 20) - 1)) << 1;
        return mib >= 1024 ? mib / 1024 + "g" : mib + "m";
    }
}
