package dev.ppw.cli;

import dev.ppw.engine.ReadingOptions;
import dev.ppw.model.AsyncMode;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.format.FormatRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.util.Optional;

/** The options that choose how inputs are read: shared by {@code profile}, {@code merge} and {@code report}. */
final class InputOptions {
    // WHERE, not MODE like --threads: the completion script keeps one value list per label
    @Option(names = "--async", paramLabel = "WHERE", defaultValue = "apart", converter = Converters.Async.class,
            completionCandidates = CompletionCandidates.AsyncModes.class,
            description = "Spans of async tracks (b/e events): apart, a part of their own with its own total,"
                    + " after the threads'; inside, added into the threads' tree; off, left out"
                    + " (default: ${DEFAULT-VALUE}).")
    AsyncMode async;

    @Option(names = "--threads", paramLabel = "MODE", defaultValue = "merge", converter = ProfileCommand.Threads.class,
            completionCandidates = CompletionCandidates.ThreadModes.class,
            description = "merge: one tree for all threads; split: each thread (pid, tid) a top level named after "
                    + "it (its thread_name, 'NAME (pid P tid T)' when threads share it, else 'pid P tid T'; "
                    + "async tracks under 'async' and their process); by-name: threads that share a name are "
                    + "one top level (default: ${DEFAULT-VALUE}).")
    ThreadMode threads;

    @Option(names = "--skip-bad",
            description = "Leave out the inputs that cannot be read (each named on stderr, counted in every output) "
                    + "and read the others, instead of stopping; none readable is still an error. Under "
                    + "--strict a left-out input is an error.")
    boolean skipBad;

    @Option(names = "--input-format", paramLabel = "NAME",
            completionCandidates = CompletionCandidates.InputFormats.class,
            description = "Read every input as this format instead of detecting it from the content"
                    + " ('ppw-java formats' lists them).")
    String inputFormat;

    @Mixin
    SymbolOptions symbols;

    /**
     * The format every input is read as, or empty to detect each one's.
     *
     * @throws picocli.CommandLine.ParameterException (exit 2) for a name no format read has, listing the names (and
     *     for a format only recognised, what to do instead)
     */
    Optional<String> inputFormat(CommandSpec spec, FormatRegistry registry) {
        if (inputFormat != null && registry.byName(inputFormat).isEmpty()) {
            String known = registry.unreadByName(inputFormat).map(f -> ": ppw-java recognises " + f.description()
                    + " but does not read it yet (next: " + f.nextStep() + "); it reads ").orElse(": expected one of ");
            throw ReportOptions.usage(spec, "unknown input format '" + inputFormat + "'" + known
                    + String.join(", ", registry.names()));
        }
        return Optional.ofNullable(inputFormat);
    }

    /**
     * How the inputs are read: {@code --input-format} (checked as {@link #inputFormat(CommandSpec, FormatRegistry)}
     * checks it), {@code --threads}, {@code --async}, {@code --skip-bad}, {@code --symfs}, the tuning properties,
     * and {@code warningExamples} examples of each warning kind kept.
     */
    ReadingOptions reading(CommandSpec spec, FormatRegistry registry, int warningExamples) {
        return symbols.applyTo(ReadingOptions.defaults().withInputFormat(inputFormat(spec, registry).orElse(null))
                .withThreads(threads).withAsync(async).withSkipBad(skipBad).withWarningExamples(warningExamples)
                .withTuning(Tuning.fromProperties()));
    }
}
