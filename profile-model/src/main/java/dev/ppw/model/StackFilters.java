package dev.ppw.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which stacks and frames of a calling-context tree are kept, as {@code go tool pprof}'s {@code -focus},
 * {@code -ignore}, {@code -hide}, {@code -show} and {@code -show_from} keep them (SEMANTICS.md "Filters"). A stack is
 * a node's path from its root; a pattern matches a frame when it is found anywhere in the frame's region name
 * ({@link java.util.regex.Matcher#find()}: anchor it with {@code ^} and {@code $} to match whole names).
 *
 * <ul>
 *   <li>{@code focus}: keeps the stacks with a frame that matches;</li>
 *   <li>{@code ignore}: drops the stacks with a frame that matches (both are judged before any frame is hidden);</li>
 *   <li>{@code hide}: removes the frames that match from every stack, their own values going to their caller;</li>
 *   <li>{@code show}: removes the frames that do not match, as {@code hide} removes those that do;</li>
 *   <li>{@code showFrom}: starts every stack at its outermost frame that matches (after hiding), and drops the
 *       stacks without one.</li>
 * </ul>
 * An absent pattern filters nothing. Immutable.
 */
public record StackFilters(Optional<Pattern> focus, Optional<Pattern> ignore, Optional<Pattern> hide,
                           Optional<Pattern> show, Optional<Pattern> showFrom) {
    /** Keeps every stack and frame. */
    public static final StackFilters NONE = new StackFilters(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());

    public StackFilters {
        Objects.requireNonNull(focus, "focus");
        Objects.requireNonNull(ignore, "ignore");
        Objects.requireNonNull(hide, "hide");
        Objects.requireNonNull(show, "show");
        Objects.requireNonNull(showFrom, "showFrom");
    }

    /** True when no pattern is given: the tree is kept as it is. */
    public boolean isNone() {
        return focus.isEmpty() && ignore.isEmpty() && hide.isEmpty() && show.isEmpty() && showFrom.isEmpty();
    }

    /** These filters keeping only the stacks through a frame matching {@code regex} (null: every stack). */
    public StackFilters withFocus(String regex) {
        return new StackFilters(compile(regex), ignore, hide, show, showFrom);
    }

    /** These filters dropping the stacks through a frame matching {@code regex} (null: none). */
    public StackFilters withIgnore(String regex) {
        return new StackFilters(focus, compile(regex), hide, show, showFrom);
    }

    /** These filters removing the frames matching {@code regex} (null: none). */
    public StackFilters withHide(String regex) {
        return new StackFilters(focus, ignore, compile(regex), show, showFrom);
    }

    /** These filters removing the frames not matching {@code regex} (null: none). */
    public StackFilters withShow(String regex) {
        return new StackFilters(focus, ignore, hide, compile(regex), showFrom);
    }

    /** These filters starting stacks at their outermost frame matching {@code regex} (null: at their roots). */
    public StackFilters withShowFrom(String regex) {
        return new StackFilters(focus, ignore, hide, show, compile(regex));
    }

    /** The filters as options, in the order they apply: {@code --focus 'a' --hide 'b'}; empty when none. */
    public String label() {
        List<String> words = new ArrayList<>();
        focus.ifPresent(p -> words.add("--focus '" + p.pattern() + "'"));
        ignore.ifPresent(p -> words.add("--ignore '" + p.pattern() + "'"));
        hide.ifPresent(p -> words.add("--hide '" + p.pattern() + "'"));
        show.ifPresent(p -> words.add("--show '" + p.pattern() + "'"));
        showFrom.ifPresent(p -> words.add("--show-from '" + p.pattern() + "'"));
        return String.join(" ", words);
    }

    /**
     * {@code regex} compiled, or empty for null.
     *
     * @throws java.util.regex.PatternSyntaxException when it is no regular expression
     */
    private static Optional<Pattern> compile(String regex) {
        return regex == null ? Optional.empty() : Optional.of(Pattern.compile(regex));
    }
}
