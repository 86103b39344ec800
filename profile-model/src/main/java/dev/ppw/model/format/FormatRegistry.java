package dev.ppw.model.format;

import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.DiagnosticWords;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The input formats ppw-java knows, and detection: which of them reads an input, decided by its content.
 * Adding a format is one class implementing {@link EventFormat} or {@link ProfileFormat} and one line in
 * its module's {@code META-INF/services/dev.ppw.model.format.InputFormat}; what the rest of ppw-java needs to
 * know of it, it declares: the file endings a folder is searched for ({@link #fileEndings()}) and its diagnostic
 * kinds ({@link #diagnosticWords()}). Formats recognised but not read
 * yet ({@link UnreadFormat}) are registered the same way in
 * {@code META-INF/services/dev.ppw.model.format.UnreadFormat}, so that detection names them.
 *
 * <p>Immutable and thread-safe; build it once per run ({@link #load}) and share it.
 */
public final class FormatRegistry {
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    /** The JSON readers read this many bytes (to detect the encoding) before they report anything. */
    private static final int MIN_CONTENT_BYTES = 4;
    private static final int QUOTE_BYTES = 24;
    /** How many first bytes are looked at to tell binary content, which has no lines, from text. */
    private static final int BINARY_PROBE_BYTES = 32;

    /**
     * Ties between equally confident probes: profile formats first (a profile's signature is its whole first
     * member, an event format's a key that may appear anywhere in the head), then by name.
     */
    private static final Comparator<InputFormat> PRECEDENCE = Comparator
            .comparing((InputFormat f) -> f instanceof ProfileFormat ? 0 : 1)
            .thenComparing(InputFormat::name);

    /** An ending a format declares: a dot, then lower-case letters, digits, dots, dashes or underscores. */
    private static final Pattern ENDING = Pattern.compile("\\.[a-z0-9_-]+(\\.[a-z0-9_-]+)*");
    private static final String GZIP = ".gz";

    private final List<InputFormat> byName;
    private final List<InputFormat> byPrecedence;
    private final List<UnreadFormat> unread;
    private final List<String> endings;
    private final List<DiagnosticKind> kinds;
    private final DiagnosticWords words;

    /**
     * A registry of {@code formats}, recognising no other format.
     *
     * @throws IllegalArgumentException when two formats share a name, or a name is not lower case with dashes
     */
    public FormatRegistry(List<? extends InputFormat> formats) {
        this(formats, List.of());
    }

    /**
     * A registry of {@code formats} that also recognises {@code unread}, the formats it names without reading.
     *
     * @throws IllegalArgumentException when two formats of either kind share a name (a reader that replaces a
     *                                  recognizer takes its name: delete the recognizer's registration), or a name
     *                                  is not lower case with dashes; when a file ending is not a dot and lower-case
     *                                  name characters, or is {@code .gz} (every ending is searched gzipped too); when
     *                                  two formats declare one diagnostic kind differently, or a format declares one of
     *                                  {@link DiagnosticWords#GENERIC}'s otherwise (each message names the formats)
     */
    public FormatRegistry(List<? extends InputFormat> formats, List<? extends UnreadFormat> unread) {
        List<InputFormat> sorted = new ArrayList<>(formats);
        sorted.sort(Comparator.comparing(InputFormat::name));
        List<UnreadFormat> recognised = new ArrayList<>(unread);
        recognised.sort(Comparator.comparing(UnreadFormat::name));
        List<String> names = new ArrayList<>();
        sorted.forEach(f -> names.add(f.name()));
        recognised.forEach(f -> names.add(f.name()));
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a format name is lower case with dashes, got " + name);
            }
            if (!seen.add(name)) {
                throw new IllegalArgumentException("two input formats are named " + name + " (a reader replacing a"
                        + " recognizer of its format: delete the recognizer's registration)");
            }
        }
        byName = List.copyOf(sorted);
        byPrecedence = sorted.stream().sorted(PRECEDENCE).toList();
        this.unread = List.copyOf(recognised);
        endings = endings(formats);
        kinds = kinds(formats);
        words = DiagnosticWords.of(kinds);
    }

    /** The formats' endings in the order the formats are given (registered), each once. */
    private static List<String> endings(List<? extends InputFormat> formats) {
        Set<String> all = new LinkedHashSet<>();
        for (InputFormat f : formats) {
            for (String ending : f.fileEndings()) {
                if (ending == null || !ENDING.matcher(ending).matches() || ending.equals(GZIP)) {
                    throw new IllegalArgumentException(f.name() + ": a file ending is a dot and lower-case letters,"
                            + " digits, dashes or dots (.json, .perfetto-trace), not .gz (every ending is also searched"
                            + " gzipped), got " + ending);
                }
                all.add(ending);
            }
        }
        return List.copyOf(all);
    }

    /** The formats' own diagnostic kinds, each once, in the order given; one name, one declaration. */
    private static List<DiagnosticKind> kinds(List<? extends InputFormat> formats) {
        DiagnosticWords generic = DiagnosticWords.generic();
        Map<String, DiagnosticKind> byKind = new LinkedHashMap<>();
        Map<String, String> declarer = new LinkedHashMap<>();
        for (InputFormat f : formats) {
            for (DiagnosticKind k : f.diagnosticKinds()) {
                Optional<DiagnosticKind> own = generic.declaration(k.name())
                        .filter(g -> g.name().equals(k.name()));
                if (own.isPresent()) {
                    if (!own.get().equals(k)) {
                        throw new IllegalArgumentException("diagnostic kind " + k.name() + " of format " + f.name()
                                + " is one of profile-model's own (DiagnosticWords.GENERIC), declared otherwise there:"
                                + " raise that one, or name the format's own kind differently");
                    }
                    continue;
                }
                DiagnosticKind before = byKind.putIfAbsent(k.name(), k);
                if (before == null) {
                    declarer.put(k.name(), f.name());
                } else if (!before.equals(k)) {
                    throw new IllegalArgumentException("diagnostic kind " + k.name() + " is declared by formats "
                            + declarer.get(k.name()) + " and " + f.name() + ", differently (" + words(before) + " and "
                            + words(k) + "): one name, one meaning; share the constant or rename one");
                }
            }
        }
        return List.copyOf(byKind.values());
    }

    private static String words(DiagnosticKind k) {
        return "a " + k.severity().name().toLowerCase(Locale.ROOT) + ", '" + k.many() + "'";
    }

    /** The formats read and recognised that are registered for {@link ServiceLoader} and visible to {@code loader}. */
    public static FormatRegistry load(ClassLoader loader) {
        List<InputFormat> found = new ArrayList<>();
        ServiceLoader.load(InputFormat.class, loader).forEach(found::add);
        List<UnreadFormat> recognised = new ArrayList<>();
        ServiceLoader.load(UnreadFormat.class, loader).forEach(recognised::add);
        return new FormatRegistry(found, recognised);
    }

    /** Every format read, sorted by name. */
    public List<InputFormat> formats() {
        return byName;
    }

    /** Every format read's name, sorted. */
    public List<String> names() {
        return byName.stream().map(InputFormat::name).toList();
    }

    /** The format read named {@code name} (exactly), if registered. */
    public Optional<InputFormat> byName(String name) {
        return byName.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** Every format recognised but not read, sorted by name. */
    public List<UnreadFormat> unread() {
        return unread;
    }

    /** The format recognised but not read named {@code name} (exactly), if registered. */
    public Optional<UnreadFormat> unreadByName(String name) {
        return unread.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /**
     * The format that reads the input whose head is {@code head}: a pure function of the head, as
     * {@link #identify} decides it.
     *
     * @throws BadInputException when no format reads it, with {@link #identify}'s one-line message: what the
     *     format is and what to do instead, or what the bytes look like
     */
    public InputFormat detect(Head head) {
        return switch (identify(head)) {
            case Detection.Read read -> read.format();
            case Detection.Unread unreadFormat -> throw new BadInputException(unreadFormat.message());
            case Detection.Unknown unknown -> throw new BadInputException(unknown.message());
        };
    }

    /**
     * What the input whose head is {@code head} is: a pure function of the head.
     *
     * <p>The probe of highest {@link Confidence} among the formats read wins; equally confident probes are
     * decided by a fixed order, profile formats before event formats, then by name. A file name alone
     * ({@link Confidence#NAME_ONLY}) therefore never beats bytes that fit. Unless that probe is certain, the
     * recognizers of formats not read are asked next, and the most confident one (ties by name) wins only when
     * it is surer than every reader: JSON that is a V8 CPU profile is not handed to the Chrome reader, but a
     * reader always has the benefit of a tie. Before any probe, an empty content and a cut one of fewer than
     * 4 bytes (too little for any reader to tell) are {@link Detection.Unknown}; so are UTF-16 and UTF-32
     * text and whitespace only, unless bytes that fit a format say more than a name.
     */
    public Detection identify(Head head) {
        String name = head.inputName();
        int n = head.length();
        String empty = emptiness(head);
        if (empty != null) {
            return unknown(name, empty);
        }
        String where = head.gzipLayers() == 0 ? "" : " after gzip decompression";
        String cut = head.cut() ? " (and its gzip data ends early)" : "";
        if (head.cut() && n < MIN_CONTENT_BYTES) {
            return unknown(name, "the gzip data ends after only " + n + (n == 1 ? " byte" : " bytes")
                    + " of content (a cut file?)");
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
        UnreadFormat recognised = null;
        Confidence recognisedConfidence = bestConfidence;
        if (bestConfidence != Confidence.CERTAIN) {
            for (UnreadFormat f : unread) {
                Confidence c = f.probe(head);
                if (c.compareTo(recognisedConfidence) > 0) {
                    recognised = f;
                    recognisedConfidence = c;
                    if (c == Confidence.CERTAIN) {
                        break;
                    }
                }
            }
        }
        if (recognised != null && recognisedConfidence != Confidence.NAME_ONLY) {
            return unreadFormat(head, recognised, recognisedConfidence);
        }
        if (best != null) {
            return new Detection.Read(best, bestConfidence);
        }
        if (head.looksLikeUtf16Or32()) {
            return unknown(name, "the input is UTF-16 or UTF-32 text" + where
                    + "; ppw-java reads Chrome JSON in UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)");
        }
        if (head.firstNonWhitespace() < 0) {
            if (!head.whole()) {
                return unknown(name, "unrecognized format: more than " + Head.MAX_BYTES + " bytes of whitespace"
                        + where);
            }
            return unknown(name, blankness(head));
        }
        if (recognised != null) {
            return unreadFormat(head, recognised, recognisedConfidence);
        }
        return unknown(name, "unrecognized format" + where + cut + " at " + position(head) + "; it starts with \""
                + head.quote(QUOTE_BYTES) + "\". " + formatsRead());
    }

    /**
     * Where no format fits: the first byte that is not white space (every probe judges the content from there),
     * as its line and column (1-based, columns in bytes) and its byte offset in the input (past gzip layers,
     * counting a byte order mark). Binary content (a control byte other than white space among its first
     * {@value #BINARY_PROBE_BYTES} bytes, where magic numbers and headers are) has no lines: its first byte.
     */
    private static String position(Head head) {
        int bom = head.byteOrderMark() ? 3 : 0;
        for (int i = 0, n = Math.min(head.length(), BINARY_PROBE_BYTES); i < n; i++) {
            int b = head.byteAt(i) & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
                return "byte " + bom;
            }
        }
        int at = head.firstNonWhitespace();
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (head.byteAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int offset = at + bom;
        return "line " + line + ", column " + (at - lineStart + 1) + " (byte " + offset + ")";
    }

    /**
     * What the folder {@code directory}, named {@code name}, is as one input: the first format (by the tie order of
     * {@link #identify}) that {@link InputFormat#readsDirectory reads it}, else {@link Detection.Unknown}.
     */
    public Detection identifyDirectory(Path directory, String name) {
        for (InputFormat f : byPrecedence) {
            if (f.readsDirectory(directory)) {
                return new Detection.Read(f, Confidence.CERTAIN);
            }
        }
        return unknown(name, "a folder that no format reads as one input");
    }

    /**
     * The file endings a folder named as an input is searched for, each also followed by {@code .gz}: those the
     * formats declare ({@link InputFormat#fileEndings()}), in the order the formats were registered, each once.
     */
    public List<String> fileEndings() {
        return endings;
    }

    /**
     * True when the name of {@code file} (in any case, a final {@code .gz} aside) ends in one of
     * {@link #fileEndings()}. A pure function of the name.
     */
    public boolean hasInputEnding(Path file) {
        Path last = file.getFileName();
        if (last == null) {
            return false;
        }
        String name = last.toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(GZIP)) {
            name = name.substring(0, name.length() - GZIP.length());
        }
        for (String ending : endings) {
            if (name.endsWith(ending)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when a format would have the head of {@code file}, met below a folder named as an input, read to see
     * whether it is an input ({@link InputFormat#probedInFolders}: {@code .txt}, TAU's {@code profile.*}).
     */
    public boolean probedInFolders(Path file) {
        for (InputFormat f : byPrecedence) {
            if (f.probedInFolders(file)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The diagnostic kinds the formats declare ({@link InputFormat#diagnosticKinds()}), each once, in the order
     * the formats were registered; profile-model's own ({@link DiagnosticWords#GENERIC}) are not among them.
     */
    public List<DiagnosticKind> diagnosticKinds() {
        return kinds;
    }

    /** Every diagnostic kind in words: profile-model's own and those the formats declare. */
    public DiagnosticWords diagnosticWords() {
        return words;
    }

    /** True when some format {@link InputFormat#namesInput claims} files named as {@code file} is, met in a folder. */
    public boolean namesInput(Path file) {
        return byPrecedence.stream().anyMatch(f -> f.namesInput(file));
    }

    /** True when some format reads the folder {@code directory} as one input. */
    public boolean readsDirectory(Path directory) {
        return byPrecedence.stream().anyMatch(f -> f.readsDirectory(directory));
    }

    /**
     * The format that reads {@code source}: {@link #identifyDirectory} for a folder, else {@link #detect} of its head.
     *
     * @throws BadInputException when no format reads it
     * @throws IOException when its head cannot be read
     */
    public InputFormat detect(InputSource source) throws IOException {
        Optional<Path> directory = source.directory();
        if (directory.isEmpty()) {
            return detect(source.head());
        }
        return switch (identifyDirectory(directory.get(), source.name())) {
            case Detection.Read read -> read.format();
            case Detection.Unread unreadFormat -> throw new BadInputException(unreadFormat.message());
            case Detection.Unknown unknown -> throw new BadInputException(unknown.message());
        };
    }

    private Detection.Unread unreadFormat(Head head, UnreadFormat format, Confidence confidence) {
        String what = confidence == Confidence.NAME_ONLY
                ? "by its name, " + format.description() + " (its bytes show no sign of one)"
                : "this is " + format.describe(head) + (head.gzipLayers() == 0 ? "" : ", gzipped");
        return new Detection.Unread(format, confidence, head.inputName() + ": " + what
                + "; ppw-java does not read it yet. Next: " + format.nextStep() + ". " + formatsRead());
    }

    /** The sentence every refusal ends with: what ppw-java reads, and where to see more. */
    private String formatsRead() {
        return "Formats read: " + (byName.isEmpty() ? "none" : String.join(", ", names())) + " ('ppw-java formats').";
    }

    /**
     * Refuses an input with no content as detection does ({@code the input is empty}, {@code the input holds only a
     * byte order mark and whitespace}, {@code the input holds only whitespace}), for an input whose format the caller
     * chose ({@code --input-format}): no format reads a profile out of nothing, and a reader given only a byte order
     * mark or blanks would give an empty one without a word.
     *
     * @throws BadInputException when the content of {@code head}'s input is empty, or whole and blank
     */
    public static void requireContent(Head head) {
        String empty = emptiness(head);
        if (empty == null && head.whole() && head.firstNonWhitespace() < 0) {
            empty = blankness(head);
        }
        if (empty != null) {
            throw new BadInputException(head.inputName() + ": " + empty);
        }
    }

    /** What detection says of a whole head of only whitespace, after a byte order mark or not. */
    private static String blankness(Head head) {
        String where = head.gzipLayers() == 0 ? "" : " after gzip decompression";
        String cut = head.cut() ? " (and its gzip data ends early)" : "";
        return (head.byteOrderMark() ? "the input holds only a byte order mark and whitespace"
                : "the input holds only whitespace") + where + cut;
    }

    /** What is wrong with an input of no content, or null when it has some (a byte order mark counts). */
    private static String emptiness(Head head) {
        if (head.length() != 0 || head.byteOrderMark()) {
            return null;
        }
        String where = head.gzipLayers() == 0 ? "" : " after gzip decompression";
        String cut = head.cut() ? " (and its gzip data ends early)" : "";
        return "the input is empty" + where + cut;
    }

    private static Detection.Unknown unknown(String inputName, String problem) {
        return new Detection.Unknown(inputName + ": " + problem);
    }

    @Override
    public String toString() {
        return "input formats " + names() + (unread.isEmpty() ? ""
                : ", recognised only " + unread.stream().map(UnreadFormat::name).toList());
    }
}
