package dev.ppw.cli;

import java.io.Console;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * Whether the text table is coloured by heat ({@code --color}): the decision is here, the library only
 * takes its answer ({@code Presentation.colour}). Colour goes to standard output in text only, never to a
 * file or another format, whatever was asked.
 */
final class Colour {
    private Colour() {
    }

    /** {@code --color}'s values. */
    enum When {
        /** When standard output is a terminal, unless {@code NO_COLOR} is set to something or the terminal is dumb. */
        AUTO,
        /** Whenever the text goes to standard output, a pipe included ({@code | less -R}). */
        ALWAYS,
        /** Never. */
        NEVER;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The decision: {@code textToStdout} (the text format, written to standard output) and then {@code when};
     * in {@code AUTO}, colour when {@code terminal} and {@code noColor} (the variable {@code NO_COLOR}, null
     * when unset) is unset or empty (https://no-color.org), and {@code term} (the variable {@code TERM}) is
     * not {@code dumb}.
     */
    static boolean decide(When when, boolean textToStdout, boolean terminal, String noColor, String term) {
        if (!textToStdout) {
            return false;
        }
        return switch (when) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> terminal && (noColor == null || noColor.isEmpty()) && !"dumb".equals(term);
        };
    }

    /**
     * {@link #decide} for this process: its environment, and whether {@code out} is its standard output on a
     * terminal. The launcher says so in {@code PPW_STDOUT_TTY} ({@code [ -t 1 ]}); run without it, the JVM's
     * console tells, which also wants standard input on the terminal ({@code profile - < trace} is plain).
     */
    static boolean decide(When when, boolean textToStdout, PrintStream out) {
        if (!textToStdout || when != When.AUTO) {
            return decide(when, textToStdout, false, null, null);
        }
        return decide(when, true, terminal(out), System.getenv("NO_COLOR"), System.getenv("TERM"));
    }

    /**
     * Whether {@code out} is this process's standard output on a terminal: the launcher says so in
     * {@code PPW_STDOUT_TTY}, else the JVM's console tells ({@code profile --follow} redraws in place there).
     */
    static boolean terminal(PrintStream out) {
        return out == System.out && ("1".equals(System.getenv("PPW_STDOUT_TTY")) || consoleIsTerminal());
    }

    /**
     * True when the JVM's standard streams are a terminal. From Java 22 {@link System#console()} is there for
     * redirected streams too and {@code Console.isTerminal()} tells; on 21, a console exists only for a terminal.
     */
    private static boolean consoleIsTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
