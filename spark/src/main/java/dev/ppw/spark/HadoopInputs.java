package dev.ppw.spark;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputSource;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.UnsupportedFileSystemException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Inputs named by URIs ({@code hdfs://}, {@code s3a://}, {@code file://}, any scheme the Hadoop client on the class
 * path has a file system for), read through Hadoop's {@link FileSystem}: a URI is a file, a folder or a glob (Hadoop's
 * globbing). A folder is searched as a local one is: every file below it, in path order, with an ending a format
 * declares (optionally {@code .gz}), and every {@code .txt} file (perf script, babeltrace2 text, folded stacks) and
 * every file a format claims by its name (TAU's {@code profile.N.C.T}) whose first bytes, read through the file system,
 * a format reads. Each file becomes an {@link InputSource} made from an opener at an offset, so that a plain
 * trace is parsed in blocks as a local one is, and gzip is undone as for a local file.
 */
final class HadoopInputs {
    private static final Pattern URI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://.*");
    /** The ending of the text files a folder holds that a format may read (perf script, babeltrace2 text). */
    private static final String TEXT = ".txt";

    private HadoopInputs() {
    }

    /** True when {@code argument} is a URI with a scheme, which Hadoop reads, rather than a local path. */
    static boolean isUri(String argument) {
        return URI.matcher(argument).matches();
    }

    /** One file found: its name in messages (the argument as given when it named the file itself), and its URI. */
    record Found(String name, String uri, long size) {
    }

    /**
     * The files {@code argument} names, in order.
     *
     * @param formats what a folder is searched for: the endings the formats declare, the files they claim by name or
     *                by their first bytes
     * @throws BadInputException when the scheme has no file system, nothing matches, or a folder holds no input
     */
    static List<Found> expand(String argument, Configuration conf, FormatRegistry formats) {
        Path path = new Path(argument);
        try {
            FileSystem fs = path.getFileSystem(conf);
            FileStatus[] matches = fs.globStatus(path);
            if (matches == null || matches.length == 0) {
                throw new BadInputException(isGlob(argument) ? "no file matches " + argument
                        : "cannot read " + argument + ": no such file");
            }
            List<Found> found = new ArrayList<>();
            for (FileStatus m : matches) {
                if (m.isDirectory()) {
                    List<Found> inside = walk(fs, m.getPath(), formats, conf);
                    if (inside.isEmpty()) {
                        throw new BadInputException("no trace or saved profile in directory " + m.getPath()
                                + " (looked for *" + String.join(", *", formats.fileEndings())
                                + ", optionally .gz, and for *" + TEXT + " files a format reads)");
                    }
                    found.addAll(inside);
                } else {
                    boolean itself = matches.length == 1 && !isGlob(argument);
                    found.add(new Found(itself ? argument : m.getPath().toString(), m.getPath().toString(),
                            m.getLen()));
                }
            }
            return found;
        } catch (UnsupportedFileSystemException e) {
            throw new BadInputException("cannot read " + argument + ": no file system for its scheme "
                    + path.toUri().getScheme() + " on the class path (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new BadInputException("cannot read " + argument + ": " + e.getMessage(), e);
        }
    }

    private static List<Found> walk(FileSystem fs, Path folder, FormatRegistry formats, Configuration conf)
            throws IOException {
        List<Found> found = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(folder, true);
        while (files.hasNext()) {
            LocatedFileStatus f = files.next();
            String name = f.getPath().getName();
            if (name.startsWith(".")) {
                continue;
            }
            // the path as a local one, for the formats' rules on names (TAU's looks at the folder's name too)
            java.nio.file.Path asLocal = java.nio.file.Path.of(f.getPath().toUri().getPath());
            String uri = f.getPath().toString();
            if (formats.hasInputEnding(asLocal)
                    || ((formats.namesInput(asLocal) || isText(name)) && readable(formats, uri, f.getLen(), conf))) {
                found.add(new Found(uri, uri, f.getLen()));
            }
        }
        found.sort(Comparator.comparing(Found::uri));
        return found;
    }

    private static boolean isText(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(TEXT) || lower.endsWith(TEXT + ".gz");
    }

    /**
     * True when a format reads the file by its first bytes: the engine's own detection on a head read through the file
     * system. A file whose head cannot be read is not claimed, as a local folder's is not.
     */
    private static boolean readable(FormatRegistry formats, String uri, long size, Configuration conf) {
        try {
            // a name alone is not content: a profile.N.C.T that is something else is left out
            return formats.identify(source(uri, uri, size, conf).head()) instanceof Detection.Read read
                    && read.confidence() != Confidence.NAME_ONLY;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean isGlob(String argument) {
        return argument.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    }

    /**
     * The file at {@code uri}, {@code size} bytes, named {@code name}: opened at an offset by positioned reads. A file
     * that cannot be opened is an input whose reading fails with the reason, so that a task records it as a bad input.
     */
    static InputSource source(String name, String uri, long size, Configuration conf) {
        Path path = new Path(uri);
        return InputSource.of(name, size, offset -> {
            FileSystem fs = path.getFileSystem(conf);
            return new PositionedStream(fs.open(path), size, offset);
        });
    }

    /** The file at {@code uri} named {@code name}, its size asked of its file system. */
    static InputSource source(String name, String uri, Configuration conf) {
        Path path = new Path(uri);
        try {
            return source(name, uri, path.getFileSystem(conf).getFileStatus(path).getLen(), conf);
        } catch (IOException e) {
            return InputSource.of(name, 0, offset -> {
                throw e;
            });
        }
    }

    /** {@code conf} as bytes, for tasks: a Hadoop configuration does not travel by itself. */
    static byte[] toBytes(Configuration conf) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            conf.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The configuration {@link #toBytes} wrote. */
    static Configuration fromBytes(byte[] bytes) {
        Configuration conf = new Configuration(false);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            conf.readFields(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return conf;
    }
}
