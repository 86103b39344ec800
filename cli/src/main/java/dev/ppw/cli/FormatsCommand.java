package dev.ppw.cli;

import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.ProfileFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code ppw-java formats}: the input formats this ppw-java reads, and what each yields. */
@Command(name = "formats", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Lists the input formats ppw-java reads: name, what it yields (trace events, folded into a",
                "profile, or a profile as it was saved) and what it is.",
                "Inputs are recognised by their content (gzip too); --input-format NAME forces one."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java formats",
                "  ppw-java merge old.json --input-format ppw-profile",
                "      read old.json as a saved profile whatever its first bytes look like"})
final class FormatsCommand implements Callable<Integer> {
    private static final String NAME = "format";
    private static final String YIELDS = "yields";

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        List<InputFormat> formats = main.formats().formats();
        int width = NAME.length();
        for (InputFormat f : formats) {
            width = Math.max(width, f.name().length());
        }
        String row = "%-" + width + "s  %-7s  %s%n";
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, row, NAME, YIELDS, "description"));
        for (InputFormat f : formats) {
            sb.append(String.format(Locale.ROOT, row, f.name(), yields(f), f.description()));
        }
        main.streams().out().writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
        main.streams().out().flush();
        return Main.OK;
    }

    /** What a format's reader gives. */
    static String yields(InputFormat format) {
        return switch (format) {
            case EventFormat events -> "events";
            case ProfileFormat profile -> "profile";
        };
    }
}
