package dev.ppw.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The one-line message of a usage error (exit 2): picocli's own, except that an argument nothing matched, or a
 * command {@code help} does not know, says what it was taken for (an option or a command) and the closest names
 * the command knows: "did you mean --view?".
 *
 * <p>Closest is by edit distance (insertions, deletions, substitutions and swaps of two neighbours, so
 * {@code --vew} and {@code --veiw} are both one step from {@code --view}): at most one step for names of up to
 * four letters, two for longer ones, none for a single letter; or a name that starts with what was typed
 * ({@code --max} for {@code --max-depth}). Picocli's own suggestions rank by shared letter pairs, which offered
 * {@code --version} for {@code --vew}.
 */
final class UsageErrors {
    /** More names than this are more noise than help. */
    private static final int MAX_SUGGESTIONS = 3;
    /** A prefix shorter than this (dashes aside) matches too much to suggest anything. */
    private static final int MIN_PREFIX_LETTERS = 3;

    private UsageErrors() {
    }

    static String message(ParameterException e) {
        CommandLine failed = e.getCommandLine();
        String helpTopic = unknownHelpTopic(failed);
        if (helpTopic != null) {
            return withSuggestions("unknown command '" + helpTopic + "'",
                    closest(helpTopic, failed.getSubcommands().keySet()));
        }
        if (!(e instanceof UnmatchedArgumentException unmatched) || unmatched.getUnmatched().isEmpty()) {
            return e.getMessage();
        }
        String first = unmatched.getUnmatched().get(0);
        CommandSpec spec = failed.getCommandSpec();
        if (unmatched.isUnknownOption()) {
            String typed = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            return withSuggestions("unknown option '" + first + "'", closest(typed, optionNames(spec)));
        }
        if (!spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
            return withSuggestions("unknown command '" + first + "'", closest(first, spec.subcommands().keySet()));
        }
        return e.getMessage();
    }

    /**
     * The NAME of {@code ppw-java help NAME} when {@code failed} ran {@code help} and no command has that name
     * (picocli's help command then fails on its parent), else null.
     */
    private static String unknownHelpTopic(CommandLine failed) {
        CommandLine.ParseResult parsed = failed == null ? null : failed.getParseResult();
        CommandLine.ParseResult help = parsed == null ? null : parsed.subcommand();
        if (help == null || !(help.commandSpec().userObject() instanceof CommandLine.HelpCommand)
                || help.matchedPositionals().isEmpty()) {
            return null;
        }
        String topic = help.matchedPositionals().get(0).stringValues().get(0);
        return failed.getSubcommands().containsKey(topic) ? null : topic;
    }

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                names.addAll(List.of(o.names()));
            }
        }
        return names;
    }

    private static String withSuggestions(String text, List<String> suggestions) {
        return suggestions.isEmpty() ? text : text + "; did you mean " + either(suggestions) + "?";
    }

    /** The names nearest to {@code typed}, nearest first (ties in name order), at most {@link #MAX_SUGGESTIONS}. */
    static List<String> closest(String typed, Collection<String> names) {
        String t = typed.toLowerCase(Locale.ROOT);
        int letters = t.replaceFirst("^-+", "").length();
        if (letters < 2) {
            // one letter is one step from every other short option
            return List.of();
        }
        int allowed = letters <= 4 ? 1 : 2;
        record Scored(String name, int distance) {
        }
        TreeSet<Scored> kept = new TreeSet<>(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name));
        for (String name : names) {
            String n = name.toLowerCase(Locale.ROOT);
            int d = distance(t, n);
            if (d == 0) {
                continue;
            }
            if (d <= allowed) {
                kept.add(new Scored(name, d));
            } else if (letters >= MIN_PREFIX_LETTERS && n.startsWith(t)) {
                kept.add(new Scored(name, allowed + 1));
            }
        }
        return kept.stream().limit(MAX_SUGGESTIONS).map(Scored::name).toList();
    }

    /** Optimal string alignment distance: insert, delete, substitute, or swap two neighbouring letters. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }

    /** {@code a}, {@code a or b}, {@code a, b or c}. */
    private static String either(List<String> names) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }
}
