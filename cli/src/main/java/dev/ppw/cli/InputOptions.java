package dev.ppw.cli;

import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The option that chooses how inputs are read: shared by {@code profile} and {@code merge}. */
final class InputOptions {
    @Option(names = "--input-format", paramLabel = "NAME",
            description = "Read every input as this format instead of detecting it from the content"
                    + " ('ppw-java formats' lists them).")
    String inputFormat;

    /**
     * The inputs of this run, reading every one as {@code --input-format} when given.
     *
     * @throws picocli.CommandLine.ParameterException (exit 2) for a name no format has, listing the names
     */
    Inputs inputs(CommandSpec spec, FormatRegistry registry) {
        if (inputFormat == null) {
            return Inputs.detecting(registry);
        }
        InputFormat forced = registry.byName(inputFormat).orElseThrow(() -> ReportOptions.usage(spec,
                "unknown input format '" + inputFormat + "': expected one of " + String.join(", ", registry.names())));
        return new Inputs(registry, forced, Inputs.tuning());
    }
}
