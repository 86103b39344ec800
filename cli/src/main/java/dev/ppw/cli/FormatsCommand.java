package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.engine.InputList;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Quote;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.UnreadFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code ppw-java formats}: the input formats this ppw-java reads and those it recognises without reading; with
 * inputs, the format each one is detected as.
 */
@Command(name = "formats", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Lists the input formats ppw-java reads: name, what it yields (trace events, folded into "
                + "a profile, or a profile as it was saved) and what it is; then the formats it recognises "
                + "but does not read yet.",
                "With inputs, says which format each one is detected as, how sure detection is, and whether "
                + "profile reads it (its reader run up to the first event, as profile runs it). Inputs are recognised by their content (gzip too); --input-format NAME forces one."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java formats",
                "  ppw-java formats run.pfw rec.jfr 'runs/*.json'",
                "      the format of each input, and for one not read, what to do instead",
                "  ppw-java merge old.json --input-format ppw-profile",
                "      read old.json as a saved profile whatever its first bytes look like",
                "%nWith inputs, exit code 0 when every input is read, 1 when one is not (said on stderr)."})
final class FormatsCommand implements Callable<Integer> {
    private static final String NAME = "format";
    private static final String YIELDS = "yields";
    private static final String NOT_READ = "Recognised, not read yet (detection names them and says what to do instead):";

    @ParentCommand
    Main main;

    @Parameters(arity = "0..*", paramLabel = "INPUT",
            description = "Files, folders of them, quoted globs, or '-' for standard input, as profile and merge take"
                    + " them.")
    List<String> inputs;

    @Override
    public Integer call() throws IOException {
        if (inputs != null && !inputs.isEmpty()) {
            return identify(main.engine());
        }
        FormatRegistry registry = main.formats();
        List<String[]> read = new ArrayList<>();
        for (InputFormat f : registry.formats()) {
            read.add(new String[] {f.name(), yields(f), f.description()});
        }
        StringBuilder sb = table(List.of(NAME, YIELDS, "description"), read);
        if (!registry.unread().isEmpty()) {
            List<String[]> recognised = new ArrayList<>();
            for (UnreadFormat f : registry.unread()) {
                recognised.add(new String[] {f.name(), f.description()});
            }
            sb.append('\n').append(NOT_READ).append('\n').append(table(List.of(NAME, "description"), recognised));
        }
        print(sb);
        return Main.OK;
    }

    /** One row per input: its format, the confidence of detection, and whether it is read; why not on stderr. */
    private int identify(Engine engine) throws IOException {
        List<String[]> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        InputList sources = engine.inputs(inputs, main.streams().in());
        for (InputSource source : sources) {
            try (source) {
                Detection detection = source.directory().isPresent()
                        ? engine.formats().identifyDirectory(source.directory().get(), source.name())
                        : engine.formats().identify(source.head());
                String format = switch (detection) {
                    case Detection.Read r -> r.format().name();
                    case Detection.Unread u -> u.format().name();
                    case Detection.Unknown u -> "-";
                };
                // "yes" only when profile would read it: its reader accepts the input's beginning.
                Optional<String> refused = detection instanceof Detection.Read
                        ? engine.refusal(source, Optional.empty()) : Optional.empty();
                rows.add(new String[] {source.name(), format, detection.confidence().label(),
                        detection instanceof Detection.Read && refused.isEmpty() ? "yes" : "no"});
                switch (detection) {
                    case Detection.Unread u -> problems.add(u.message());
                    case Detection.Unknown u -> problems.add(u.message());
                    case Detection.Read r -> refused.ifPresent(problems::add);
                }
            } catch (BadInputException e) {
                rows.add(new String[] {source.name(), "-", "none", "no"});
                problems.add(e.getMessage());
            } catch (IOException e) {
                rows.add(new String[] {source.name(), "-", "none", "no"});
                problems.add("cannot read " + source.name() + ": " + Quote.reason(e));
            }
        }
        print(table(List.of("input", NAME, "confidence", "read"), rows));
        problems.forEach(p -> main.streams().err().println(Main.PREFIX + "error: " + p));
        Diagnostics notes = new Diagnostics();
        sources.namedTwice().forEach(line -> notes.note(Diagnostics.INPUT_NAMED_TWICE, line));
        sources.skipped().forEach((line, files) -> notes.note(Diagnostics.FILE_SKIPPED, files, line));
        WarningSummary.noteLines(notes).forEach(main.streams().err()::println);
        return problems.isEmpty() ? Main.OK : Main.BAD_DATA;
    }

    /** Columns padded to their widest cell, two spaces apart; the last one as it is. */
    private static StringBuilder table(List<String> heading, List<String[]> rows) {
        int[] widths = new int[heading.size()];
        List<String[]> all = new ArrayList<>();
        all.add(heading.toArray(String[]::new));
        all.addAll(rows);
        for (String[] row : all) {
            for (int i = 0; i < row.length - 1; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : all) {
            for (int i = 0; i < row.length - 1; i++) {
                sb.append(String.format(Locale.ROOT, "%-" + widths[i] + "s  ", row[i]));
            }
            sb.append(row[row.length - 1]).append('\n');
        }
        return sb;
    }

    private void print(StringBuilder text) {
        main.streams().out().writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
        main.streams().out().flush();
    }

    /** What a format's reader gives. */
    static String yields(InputFormat format) {
        return switch (format) {
            case EventFormat events -> "events";
            case ProfileFormat profile -> "profile";
        };
    }
}
