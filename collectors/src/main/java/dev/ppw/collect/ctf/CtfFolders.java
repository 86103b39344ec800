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
