package dev.ppw.model.format;

import dev.ppw.model.DiagnosticKind;

import java.nio.file.Path;
import java.util.List;

/**
 * A format of input that ppw-java reads, one implementation per format (a package of {@code collectors}
 * each), registered for {@link java.util.ServiceLoader} in its module's
 * {@code META-INF/services/dev.ppw.model.format.InputFormat} and found through a {@link FormatRegistry}.
 *
 * <p>Two kinds: an {@link EventFormat} streams trace events into an {@link dev.ppw.model.EventSink} (the
 * folder builds the tree), a {@link ProfileFormat} reads a profile that is already built. Implementations
 * hold no mutable state: one instance serves every input, on any thread.
 */
public sealed interface InputFormat permits EventFormat, ProfileFormat {
    /** The format's name on the command line ({@code --input-format}) and in messages: lower case, dashes ({@code chrome-json}). */
    String name();

    /** One line: what the format is and who writes it. */
    String description();

    /**
     * How sure this format is that {@code head} is its own: a pure function of the head (no I/O, no state),
     * so that detection is one pure function over every format's probe. {@link Confidence#NAME_ONLY} is for
     * a file name that suggests the format when the bytes fit no signature.
     */
    Confidence probe(Head head);

    /**
     * The endings of this format's files, lower case with their dot ({@code .json}, {@code .pfw}), most usual first:
     * a folder named as an input is searched for files with the endings of every registered format, each also
     * followed by {@code .gz} ({@link FormatRegistry#fileEndings()}). An ending says where to look, not what a file
     * is: detection reads the content, and formats may share an ending ({@code .json}). The default is none: the
     * format's files are read when named, or found in folders through {@link #namesInput} or
     * {@link #readsDirectory}.
     */
    default List<String> fileEndings() {
        return List.of();
    }

    /**
     * The diagnostic kinds this format raises that profile-model does not declare
     * ({@link dev.ppw.model.DiagnosticWords#GENERIC}): constants of the format's package, so that the counts are
     * said in words on stderr and in the text header. Two formats may list the same kind (readers sharing a
     * package's folding); two different declarations of one name are refused ({@link FormatRegistry}). The
     * default is none.
     */
    default List<DiagnosticKind> diagnosticKinds() {
        return List.of();
    }

    /**
     * True when this format reads the folder {@code directory} as one input rather than as the files in it (a
     * CTF trace folder: its metadata and stream files are one trace). It may look at the folder's entries and
     * the first bytes of the files in it, no more; it holds no state. Such a folder is then handed to
     * {@link EventFormat#read} as an {@link InputSource#directory() directory source}. The default reads no
     * folder.
     */
    default boolean readsDirectory(Path directory) {
        return false;
    }

    /**
     * True when the file {@code file}, met below a folder named as an input, is an input of this format though its
     * name has none of the endings such folders are searched for ({@link #fileEndings()}): TAU names its
     * profiles {@code profile.N.C.T}. A pure function of the path (its name and its folders' names, no I/O); the
     * default claims none.
     */
    default boolean namesInput(Path file) {
        return false;
    }

    /**
     * True when the file {@code file}, met below a folder named as an input, has a name this format's files often
     * have though it says nothing for sure ({@code .txt} for text formats, TAU's {@code profile.*}): its head is then
     * read, and the file is an input when detection reads it as a format that asks this. Files no format claims by
     * ending, by name or so by content are skipped, and counted. A pure function of the path; the default claims
     * none.
     */
    default boolean probedInFolders(Path file) {
        return false;
    }

    /** The lower-case name of {@code file} without a final {@code .gz}; empty for a path without a name. */
    static String bareName(Path file) {
        Path last = file.getFileName();
        if (last == null) {
            return "";
        }
        String name = last.toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
    }

    /**
     * True when this format can be read while its input is still being written ({@code profile --follow}): its
     * reader consumes the content as one stream, in order, handing each event to the sink as soon as its bytes
     * are read, never seeking, never reading to the end before the first event, and it treats an input that
     * ends after a complete event (or line) as whole. A reader that blocks in {@code read} then simply waits
     * for the writer. Text formats of one event per line and Chrome's JSON array (which may stay unclosed) are
     * such; binary formats with tables or footers are not. The default follows nothing.
     */
    default boolean followable() {
        return false;
    }

    /**
     * True when this format's reader, given an input that ends in the middle of an event, keeps the events before
     * it and says so with the warning {@link dev.ppw.model.Diagnostics#TRUNCATED} (the Chrome reader). A followed
     * input of such a format is handed to its reader as its bytes come, even a last line not finished yet (one
     * line may be the whole trace: Node.js writes its JSON on one line); other followed formats get whole lines
     * only, since a line cut short could read as a different, valid line (a count cut to its first digits). Only
     * asked of {@link #followable()} formats; the default is false.
     */
    default boolean readsCutEvents() {
        return false;
    }
}
