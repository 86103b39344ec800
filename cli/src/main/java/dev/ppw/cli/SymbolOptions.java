package dev.ppw.cli;

import dev.ppw.engine.ReadingOptions;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where the binaries a trace names are looked up: part of {@link InputOptions}, and of {@code diff} on its own. */
final class SymbolOptions {
    @Option(names = "--symfs", paramLabel = "DIR",
            description = "Look up the binaries a trace names (LTTng's statedump: /usr/bin/app) under DIR"
                    + " (DIR/usr/bin/app) for their symbols, as perf's --symfs and babeltrace2's"
                    + " --debug-info-target-prefix do.")
    Path symfs;

    /** {@code reading} looking up binaries under {@code --symfs} when given. */
    ReadingOptions applyTo(ReadingOptions reading) {
        return reading.withSymbolRoot(symfs);
    }
}
