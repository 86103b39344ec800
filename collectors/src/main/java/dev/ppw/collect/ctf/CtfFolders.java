package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where CTF traces are in a folder, and their metadata: a trace is a folder holding a {@code metadata} file
 * (packets opening with the magic {@code 0x75D11D57} in either byte order, or text opening with
 * {@code /* CTF 1.8}) beside its stream files. An LTTng output folder holds one per buffer scheme, ABI and user
 * or process ({@code ust/uid/0/64-bit}, {@code ust/pid/NAME-PID-DATE}, {@code kernel}).
 */
final class CtfFolders {
    static final String METADATA = "metadata";
    private static final int METADATA_MAGIC = 0x75D11D57;
    private static final int METADATA_HEADER_BYTES = 37;
    private static final String TEXT_SIGNATURE = "/* CTF 1.8";
    /** LTTng's folders are 5 levels deep at most below its output folder; garbage trees are not searched further. */
    private static final int MAX_DEPTH = 8;
    /** Metadata larger than this is refused (LTTng's are kilobytes; a kernel trace's a few megabytes). */
    private static final long MAX_METADATA_BYTES = 64L << 20;

    private CtfFolders() {
    }

    /** True when {@code file} is a regular file that opens as CTF metadata (looks at its first bytes only). */
    static boolean isMetadata(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        byte[] head = new byte[TEXT_SIGNATURE.length()];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return false;
        }
        if (n >= 4) {
            int little = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
            int big = ByteBuffer.wrap(head).order(ByteOrder.BIG_ENDIAN).getInt(0);
            if (little == METADATA_MAGIC || big == METADATA_MAGIC) {
                return true;
            }
        }
        return n == head.length && new String(head, StandardCharsets.ISO_8859_1).equals(TEXT_SIGNATURE);
    }

    /** True when {@code directory} is a CTF trace folder or holds one within a few levels. */
    static boolean holdsTrace(Path directory) {
        return !traces(directory, true).isEmpty();
    }

    private static final int STREAM_MAGIC = 0xC1FC1FC1;
    private static final int INDEX_MAGIC = 0xC1F1DCC1;
    private static final int INDEX_HEADER_BYTES = 16;

    /**
     * True when {@code file} looks like a CTF stream file: named as LTTng names them ({@code channel0_3}, {@code ch_0}:
     * no dot, an underscore and digits at the end), opening with the stream packet magic in either byte order.
     * Only such names are opened, so that searching a folder of other files costs no reads.
     */
    static boolean isStreamFile(Path file) {
        String name = file.getFileName().toString();
        int underscore = name.lastIndexOf('_');
        if (name.indexOf('.') >= 0 || underscore <= 0 || underscore == name.length() - 1) {
            return false;
        }
        for (int i = underscore + 1; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        byte[] head = new byte[4];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, 4) < 4) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        int magic = ByteBuffer.wrap(head).order(ByteOrder.BIG_ENDIAN).getInt(0);
        return magic == STREAM_MAGIC || Integer.reverseBytes(magic) == STREAM_MAGIC;
    }

    /**
     * The folders at or below {@code directory} that hold CTF stream files but no {@code metadata} file: traces
     * whose metadata is gone, which cannot be decoded.
     */
    static List<Path> streamFoldersWithoutMetadata(Path directory) {
        List<Path> found = new ArrayList<>();
        orphans(directory, 0, false, found);
        found.sort(null);
        return found;
    }

    /** True when {@code directory} is, or holds within a few levels, a folder of CTF streams without metadata. */
    static boolean holdsStreamsWithoutMetadata(Path directory) {
        List<Path> found = new ArrayList<>();
        orphans(directory, 0, true, found);
        return !found.isEmpty();
    }

    private static void orphans(Path directory, int depth, boolean firstOnly, List<Path> found) {
        if (Files.exists(directory.resolve(METADATA), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path p : entries) {
                if (p.getFileName().toString().startsWith(".")) {
                    continue;
                }
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    children.add(p);
                } else if (found.isEmpty() || !found.getLast().equals(directory)) {
                    if (isStreamFile(p)) {
                        found.add(directory);
                        if (firstOnly) {
                            return;
                        }
                    }
                }
            }
        } catch (IOException e) {
            return;
        }
        if (depth >= MAX_DEPTH) {
            return;
        }
        children.sort(null);
        for (Path child : children) {
            orphans(child, depth + 1, firstOnly, found);
            if (firstOnly && !found.isEmpty()) {
                return;
            }
        }
    }

    /** The stream files a trace folder holds (as {@link #streams} lists them) named for messages. */
    static List<String> names(List<Path> files) {
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            names.add(f.getFileName().toString());
        }
        return names;
    }

    /**
     * A stream file that LTTng's index of the trace names ({@code index/NAME.idx}) but that the folder lacks, with
     * the packets its index lists and the bytes of their content, headers included (-1 when the index does not say).
     */
    record MissingStream(String stream, Path index, long packets, long contentBytes) {
    }

    /** The streams of trace folder {@code trace} that its index names but that are missing (or empty). */
    static List<MissingStream> missingStreams(Path trace) {
        Path indexFolder = trace.resolve("index");
        List<MissingStream> missing = new ArrayList<>();
        if (!Files.isDirectory(indexFolder, LinkOption.NOFOLLOW_LINKS)) {
            return missing;
        }
        List<Path> indexes = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(indexFolder, "*.idx")) {
            for (Path p : entries) {
                indexes.add(p);
            }
        } catch (IOException e) {
            return missing;
        }
        indexes.sort(null);
        for (Path index : indexes) {
            String file = index.getFileName().toString();
            String stream = file.substring(0, file.length() - ".idx".length());
            Path streamFile = trace.resolve(stream);
            try {
                if (Files.isRegularFile(streamFile) && Files.size(streamFile) > 0) {
                    continue;
                }
            } catch (IOException e) {
                continue;
            }
            long[] counts = indexCounts(index);
            missing.add(new MissingStream(stream, index, counts[0], counts[1]));
        }
        return missing;
    }

    /**
     * {packets, content bytes} an LTTng index file lists (big-endian: magic, version, entry size, then per packet its
     * offset, packet and content sizes in bits, ...), or {-1, -1} when it is not one.
     */
    private static long[] indexCounts(Path index) {
        try {
            long size = Files.size(index);
            if (size < INDEX_HEADER_BYTES || size > MAX_METADATA_BYTES) {
                return new long[] {-1, -1};
            }
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(index)).order(ByteOrder.BIG_ENDIAN);
            long entry = Integer.toUnsignedLong(b.getInt(12));
            if (b.getInt(0) != INDEX_MAGIC || entry < 24) {
                return new long[] {-1, -1};
            }
            long packets = (b.capacity() - INDEX_HEADER_BYTES) / entry;
            long contentBytes = 0;
            for (long i = 0; i < packets; i++) {
                long contentBits = b.getLong((int) (INDEX_HEADER_BYTES + i * entry) + 16);
                if (contentBits < 0 || contentBytes > Long.MAX_VALUE - contentBits / 8) {
                    return new long[] {packets, -1};
                }
                contentBytes += contentBits / 8;
            }
            return new long[] {packets, contentBytes};
        } catch (IOException e) {
            return new long[] {-1, -1};
        }
    }

    /** The trace folders at or below {@code directory}, in path order. */
    static List<Path> traces(Path directory) {
        return traces(directory, false);
    }

    private static List<Path> traces(Path directory, boolean firstOnly) {
        List<Path> found = new ArrayList<>();
        collect(directory, 0, firstOnly, found);
        found.sort(null);
        return found;
    }

    private static void collect(Path directory, int depth, boolean firstOnly, List<Path> found) {
        if (isMetadata(directory.resolve(METADATA))) {
            found.add(directory);
            return;
        }
        if (depth >= MAX_DEPTH) {
            return;
        }
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path p : entries) {
                if (!p.getFileName().toString().startsWith(".") && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    children.add(p);
                }
            }
        } catch (IOException e) {
            return;
        }
        children.sort(null);
        for (Path child : children) {
            collect(child, depth + 1, firstOnly, found);
            if (firstOnly && !found.isEmpty()) {
                return;
            }
        }
    }

    /**
     * The first file named {@code metadata} at or below {@code directory} (in path order, as deep as traces are
     * searched) that does not open as CTF metadata, or null: what to point at when a folder holds no trace.
     */
    static Path foreignMetadata(Path directory) {
        return foreignMetadata(directory, 0);
    }

    private static Path foreignMetadata(Path directory, int depth) {
        Path metadata = directory.resolve(METADATA);
        if (Files.isRegularFile(metadata, LinkOption.NOFOLLOW_LINKS)) {
            return metadata;
        }
        if (depth >= MAX_DEPTH) {
            return null;
        }
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path p : entries) {
                if (!p.getFileName().toString().startsWith(".") && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    children.add(p);
                }
            }
        } catch (IOException e) {
            return null;
        }
        children.sort(null);
        for (Path child : children) {
            Path found = foreignMetadata(child, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The stream files of a trace folder: its regular files but the metadata, hidden ones and empty ones, by name. */
    static List<Path> streams(Path trace) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(trace)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (!name.equals(METADATA) && !name.startsWith(".") && Files.isRegularFile(p)
                        && Files.size(p) > 0) {
                    files.add(p);
                }
            }
        }
        files.sort(null);
        return files;
    }

    /**
     * The metadata of the trace in folder {@code trace}, parsed; {@code name} names its file in messages.
     *
     * @throws BadInputException when it is not CTF metadata, a packet of it is broken, or its TSDL is
     */
    static CtfMetadata metadata(Path trace, String name) throws IOException {
        Path file = trace.resolve(METADATA);
        long size = Files.size(file);
        if (size > MAX_METADATA_BYTES) {
            throw new BadInputException(name + ": CTF metadata of " + size + " bytes (more than " + MAX_METADATA_BYTES
                    + " read)");
        }
        return parse(Files.readAllBytes(file), name);
    }

    /** The metadata in {@code bytes} (packetised or text), parsed. */
    static CtfMetadata parse(byte[] bytes, String name) {
        if (bytes.length >= 4) {
            int little = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
            if (little == METADATA_MAGIC || Integer.reverseBytes(little) == METADATA_MAGIC) {
                boolean le = little == METADATA_MAGIC;
                return Tsdl.parse(name, unpack(bytes, le, name), le);
            }
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (!text.startsWith(TEXT_SIGNATURE)) {
            throw new BadInputException(name + ": byte 0: not CTF 1.8 metadata (neither the packet magic 0x75d11d57"
                    + " nor text starting \"/* CTF 1.8\")");
        }
        return Tsdl.parse(name, text, null);
    }

    /** The TSDL text of metadata packets: each packet's content after its 37-byte header. */
    private static String unpack(byte[] bytes, boolean little, String name) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        StringBuilder text = new StringBuilder();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int at = 0;
        while (at < bytes.length) {
            if (bytes.length - at < METADATA_HEADER_BYTES) {
                throw new BadInputException(name + ": byte " + at + ": a metadata packet cut within its header ("
                        + (bytes.length - at) + " of " + METADATA_HEADER_BYTES + " bytes)");
            }
            if (b.getInt(at) != METADATA_MAGIC) {
                throw new BadInputException(name + ": byte " + at + ": not a metadata packet (magic 0x"
                        + Integer.toHexString(b.getInt(at)) + ", expected 0x75d11d57)");
            }
            long contentBits = Integer.toUnsignedLong(b.getInt(at + 24));
            long packetBits = Integer.toUnsignedLong(b.getInt(at + 28));
            int compression = bytes[at + 32];
            int encryption = bytes[at + 33];
            int checksum = bytes[at + 34];
            int major = bytes[at + 35] & 0xff;
            if (major != 1) {
                throw new BadInputException(name + ": byte " + (at + 35) + ": a metadata packet of CTF version " + major
                        + "." + (bytes[at + 36] & 0xff) + ": ppw-java reads CTF 1.8 only");
            }
            if (compression != 0 || encryption != 0 || checksum != 0) {
                throw new BadInputException(name + ": byte " + at + ": a compressed, encrypted or checksummed metadata"
                        + " packet (schemes " + compression + ", " + encryption + ", " + checksum + "; 0 read)");
            }
            if (packetBits % 8 != 0 || contentBits % 8 != 0 || contentBits > packetBits
                    || contentBits < METADATA_HEADER_BYTES * 8L) {
                throw new BadInputException(name + ": byte " + at + ": bad metadata packet sizes (content "
                        + contentBits + " bits, packet " + packetBits + " bits)");
            }
            if (packetBits / 8 > bytes.length - at) {
                throw new BadInputException(name + ": byte " + at + ": the metadata packet of " + packetBits / 8
                        + " bytes is cut: the file ends " + (bytes.length - at) + " bytes after its start");
            }
            out.write(bytes, at + METADATA_HEADER_BYTES, (int) (contentBits / 8) - METADATA_HEADER_BYTES);
            at += (int) (packetBits / 8);
        }
        text.append(out.toString(StandardCharsets.UTF_8));
        return text.toString();
    }
}
