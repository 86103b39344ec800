package dev.ppw.collect.tau;

import dev.ppw.model.Profile;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * TAU's profiles: one text file per node, context and thread ({@code profile.N.C.T}), each read into the tree
 * profile of one node ({@link TauProfileReader} says how), so that {@code ppw-java merge} of a TAU run folder
 * merges its ranks as they are. A timer line, as TAU 2.29 wrote it for an MPI rank:
 * <pre>{@code ".TAU application => MPI_Finalize()   => MPI_File_open()" 1 0 27490 27490 0 GROUP="TAU_CALLPATH|MPI"}</pre>
 */
public final class TauProfileFormat implements ProfileFormat {
    private static final Pattern FIRST_LINE = Pattern.compile("\\d+ templated_functions(?:_\\S+)?\\s*");
    private static final Pattern FILE_NAME = Pattern.compile("profile\\.\\d+\\.\\d+\\.\\d+(?:\\.gz)?");

    @Override
    public String name() {
        return "tau";
    }

    @Override
    public String description() {
        return "TAU profiles (profile.N.C.T, or a folder of them: each file a node), written by TAU";
    }

    /**
     * {@link Confidence#CERTAIN} when the first line is {@code N templated_functions[_SUFFIX]}; {@link
     * Confidence#NAME_ONLY} for a file named {@code profile.N.C.T} whose bytes fit no signature.
     */
    @Override
    public Confidence probe(Head head) {
        int end = 0;
        while (end < head.length() && end < 200 && head.byteAt(end) != '\n') {
            end++;
        }
        byte[] line = new byte[end];
        for (int i = 0; i < end; i++) {
            line[i] = head.byteAt(i);
        }
        String first = new String(line, StandardCharsets.ISO_8859_1);
        if (FIRST_LINE.matcher(first).matches()) {
            return Confidence.CERTAIN;
        }
        return isProfileName(head.fileName()) ? Confidence.NAME_ONLY : Confidence.NONE;
    }

    /**
     * TAU's {@code profile.N.C.T} (gzipped or not): found in folders though it has no usual ending; but not in a
     * {@code MULTI__} folder of a metric other than a time ({@code MULTI__PAPI_TOT_CYC}), which this reader does
     * not read, so that {@code merge RUN/} of a run measuring several metrics merges its time.
     */
    @Override
    public boolean namesInput(Path file) {
        Path name = file.getFileName();
        if (name == null || !isProfileName(name.toString())) {
            return false;
        }
        Path folder = file.getParent() == null ? null : file.getParent().getFileName();
        String metric = folder == null ? "" : folder.toString();
        return !metric.startsWith("MULTI__") || metric.contains("TIME");
    }

    /**
     * Any {@code profile.*} (a renamed or suffixed {@code profile.N.C.T}) outside the {@code MULTI__} folders
     * {@link #namesInput} leaves out: an input when its first line is TAU's.
     */
    @Override
    public boolean probedInFolders(Path file) {
        Path name = file.getFileName();
        if (name == null || !name.toString().toLowerCase(Locale.ROOT).startsWith("profile.")) {
            return false;
        }
        Path folder = file.getParent() == null ? null : file.getParent().getFileName();
        String metric = folder == null ? "" : folder.toString();
        return !metric.startsWith("MULTI__") || metric.contains("TIME");
    }

    private static boolean isProfileName(String fileName) {
        return FILE_NAME.matcher(fileName.toLowerCase(Locale.ROOT)).matches();
    }

    @Override
    public Profile read(InputSource source, ReadOptions options) throws IOException {
        try (InputStream content = source.open(options.progress())) {
            return TauProfileReader.read(source.name(), label(source.name()), content);
        }
    }

    /** A node's label: its file name ({@code profile.3.0.0}), as for every input of a merge. */
    private static String label(String name) {
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        return name.substring(slash + 1);
    }
}
