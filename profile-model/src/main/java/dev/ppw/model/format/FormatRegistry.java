package dev.ppw.model.format;

import dev.ppw.model.BadInputException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

/**
 * The input formats ppw-java knows, and detection: which of them reads an input, decided by its content.
 * Adding a format is one class implementing {@link EventFormat} or {@link ProfileFormat} and one line in
 * its module's {@code META-INF/services/dev.ppw.model.format.InputFormat}.
 *
 * <p>Immutable and thread-safe; build it once per run ({@link #load}) and share it.
 */
public final class FormatRegistry {
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    /** The JSON readers read this many bytes (to detect the encoding) before they report anything. */
    private static final int MIN_CONTENT_BYTES = 4;
    private static final int QUOTE_BYTES = 24;
    /**
     * Ties between equally confident probes: profile formats first (a profile's signature is its whole first
     * member, an event format's a key that may appear anywhere in the head), then by name.
     */
    private static final Comparator<InputFormat> PRECEDENCE = Comparator
            .comparing((InputFormat f) -> f instanceof ProfileFormat ? 0 : 1)
            .thenComparing(InputFormat::name);

    private final List<InputFormat> byName;
    private final List<InputFormat> byPrecedence;

    /**
     * A registry of {@code formats}.
     *
     * @throws IllegalArgumentException when two formats share a name, or a name is not lower case with dashes
     */
    public FormatRegistry(List<? extends InputFormat> formats) {
        List<InputFormat> sorted = new ArrayList<>(formats);
        sorted.sort(Comparator.comparing(InputFormat::name));
        for (int i = 0; i < sorted.size(); i++) {
            String name = sorted.get(i).name();
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a format name is lower case with dashes, got " + name);
            }
            if (i > 0 && name.equals(sorted.get(i - 1).name())) {
                throw new IllegalArgumentException("two input formats are named " + name);
            }
        }
        byName = List.copyOf(sorted);
        byPrecedence = sorted.stream().sorted(PRECEDENCE).toList();
    }

    /** The formats registered for {@link ServiceLoader} and visible to {@code loader}. */
    public static FormatRegistry load(ClassLoader loader) {
        List<InputFormat> found = new ArrayList<>();
        ServiceLoader.load(InputFormat.class, loader).forEach(found::add);
        return new FormatRegistry(found);
    }

    /** Every format, sorted by name. */
    public List<InputFormat> formats() {
        return byName;
    }

    /** Every format's name, sorted. */
    public List<String> names() {
        return byName.stream().map(InputFormat::name).toList();
    }

    /** The format named {@code name} (exactly), if registered. */
    public Optional<InputFormat> byName(String name) {
        return byName.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /**
     * The format that reads the input whose head is {@code head}: a pure function of the head.
     *
     * <p>The probe of highest {@link Confidence} wins; equally confident probes are decided by a fixed
     * order, profile formats before event formats, then by name. A file name alone ({@link
     * Confidence#NAME_ONLY}) therefore never beats bytes that fit. Before any probe, an empty content and a
     * cut one of fewer than 4 bytes (too little for any reader to tell) are refused.
     *
     * @throws BadInputException when no format's probe says more than {@link Confidence#NONE}, with one line
     *     saying what the bytes look like instead: empty, only whitespace, UTF-16 or UTF-32 text, a Perfetto
     *     protobuf trace (with how to get JSON), or an unrecognized format quoting the first bytes
     */
    public InputFormat detect(Head head) {
        String name = head.inputName();
        String where = head.gzipLayers() == 0 ? "" : " after gzip decompression";
        String cut = head.cut() ? " (and its gzip data ends early)" : "";
        int n = head.length();
        if (n == 0 && !head.byteOrderMark()) {
            throw BadInputException.at(name, 0, 0, "the input is empty" + where + cut, null);
        }
        if (head.cut() && n < MIN_CONTENT_BYTES) {
            throw BadInputException.at(name, 0, 0, "the gzip data ends after only " + n
                    + (n == 1 ? " byte" : " bytes") + " of content (a cut file?)", null);
        }
        InputFormat best = null;
        Confidence bestConfidence = Confidence.NONE;
        for (InputFormat f : byPrecedence) {
            Confidence c = f.probe(head);
            if (c.compareTo(bestConfidence) > 0) {
                best = f;
                bestConfidence = c;
                if (c == Confidence.CERTAIN) {
                    // Nothing later can beat it (a tie keeps the earlier): the other probes, which scan the
                    // head, are skipped, and a merge of many saved profiles probes each once only.
                    break;
                }
            }
        }
        if (best != null) {
            return best;
        }
        if (head.looksLikePerfettoProtobuf()) {
            throw BadInputException.at(name, 0, 0, "this is a Perfetto protobuf trace, not Chrome JSON: re-record"
                    + " with --trace-startup-format=json, or convert it with Perfetto's traceconv"
                    + " (traceconv json IN OUT)", null);
        }
        if (head.looksLikeUtf16Or32()) {
            throw BadInputException.at(name, 0, 0, "the input is UTF-16 or UTF-32 text" + where
                    + "; ppw-java reads Chrome JSON in UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)", null);
        }
        if (head.firstNonWhitespace() < 0) {
            if (!head.whole()) {
                throw BadInputException.at(name, 0, 0, "unrecognized format: more than " + Head.MAX_BYTES
                        + " bytes of whitespace" + where, null);
            }
            throw BadInputException.at(name, 0, 0, (head.byteOrderMark()
                    ? "the input holds only a byte order mark and whitespace" : "the input holds only whitespace")
                    + where + cut, null);
        }
        throw BadInputException.at(name, 0, 0, "unrecognized format" + where + cut
                + " (expected a Chrome trace: JSON, optionally gzipped); it starts with", head.quote(QUOTE_BYTES));
    }

    @Override
    public String toString() {
        return "input formats " + names();
    }
}
