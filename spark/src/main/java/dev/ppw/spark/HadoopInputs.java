package dev.ppw.spark;

import dev.ppw.engine.Engine;
import dev.ppw.model.BadInputException;
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
import java.util.regex.Pattern;

/**
 * Inputs named by URIs ({@code hdfs://}, {@code s3a://}, {@code file://}, any scheme the Hadoop client on the class
 * path has a file system for), read through Hadoop's {@link FileSystem}: a URI is a file, a folder or a glob (Hadoop's
 * globbing). A folder is searched by the engine's own rule for a local one ({@link Engine#inputInFolder}): every file
 * below it, in path order, with an ending a format declares (optionally {@code .gz}), or that a format claims by its
 * name (TAU's {@code profile.N.C.T}), or whose name a format asks to be looked into ({@code .txt}, {@code .txt.gz},
 * TAU's {@code profile.*}) and whose first bytes, read through the file system, detection reads as such a format; the
 * others are skipped and counted as a local folder's are. Each file becomes an {@link InputSource} made from an
 * opener at an offset, so that a plain trace is parsed in blocks as a local one is, and gzip is undone as for a local
 * file.
 */
final class HadoopInputs {
    private static final Pattern URI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://.*");

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
     * What one argument names: its files in order, and the files of its folders that no format reads (skipped), by
     * their qualified paths in path order.
     */
    record Expanded(List<Found> found, List<String> skipped) {
    }

    /**
     * The files {@code argument} names, in order, and those its folders hold that are no input.
     *
     * @param engine decides which files of a folder are inputs, as it does for a local folder
     * @throws BadInputException when the scheme has no file system, nothing matches, or a folder holds no input
     */
    static Expanded expand(String argument, Configuration conf, Engine engine) {
        Path path = new Path(argument);
        try {
            FileSystem fs = path.getFileSystem(conf);
            FileStatus[] matches = fs.globStatus(path);
            if (matches == null || matches.length == 0) {
                throw new BadInputException(isGlob(argument) ? "no file matches " + argument
                        : "cannot read " + argument + ": no such file");
            }
            List<Found> found = new ArrayList<>();
            List<String> skipped = new ArrayList<>();
            for (FileStatus m : matches) {
                if (m.isDirectory()) {
                    int before = found.size();
                    walk(fs, m.getPath(), engine, conf, found, skipped);
                    if (found.size() == before) {
                        List<String> endings = engine.formats().fileEndings();
                        throw new BadInputException("no trace or saved profile in directory " + m.getPath()
                                + (endings.isEmpty() ? " (no format declares a file ending to look for)"
                                : " (looked for *" + String.join(", *", endings) + ", optionally .gz)"));
                    }
                } else {
                    boolean itself = matches.length == 1 && !isGlob(argument);
                    found.add(new Found(itself ? argument : m.getPath().toString(), m.getPath().toString(),
                            m.getLen()));
                }
            }
            return new Expanded(found, skipped);
        } catch (UnsupportedFileSystemException e) {
            throw new BadInputException("cannot read " + argument + ": no file system for its scheme "
                    + path.toUri().getScheme() + " on the class path (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new BadInputException("cannot read " + argument + ": " + e.getMessage(), e);
        }
    }

    /** The inputs below {@code folder} added to {@code found} in path order, the other files to {@code skipped}. */
    private static void walk(FileSystem fs, Path folder, Engine engine, Configuration conf, List<Found> found,
                             List<String> skipped) throws IOException {
        List<Found> inputs = new ArrayList<>();
        List<String> others = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(folder, true);
        while (files.hasNext()) {
            LocatedFileStatus f = files.next();
            if (f.getPath().getName().startsWith(".")) {
                continue;
            }
            String uri = f.getPath().toString();
            // the path as a local one, for the formats' rules on names (TAU's looks at the folder's name too)
            java.nio.file.Path asLocal = java.nio.file.Path.of(f.getPath().toUri().getPath());
            if (engine.inputInFolder(asLocal, () -> source(uri, uri, f.getLen(), conf))) {
                inputs.add(new Found(uri, uri, f.getLen()));
            } else {
                others.add(uri);
            }
        }
        inputs.sort(Comparator.comparing(Found::uri));
        others.sort(null);
        found.addAll(inputs);
        skipped.addAll(others);
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
