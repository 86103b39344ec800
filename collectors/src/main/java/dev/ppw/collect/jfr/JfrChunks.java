package dev.ppw.collect.jfr;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The chunk headers of a recording, checked before any chunk is read, so that the usual ways a
 * recording is broken (cut while written or copied, not a recording past its first chunk, a version not read)
 * are one line naming the byte where they start. A chunk header (format 1.x and 2.x) is 68
 * bytes: the magic {@code FLR\0}, the major and minor version (two bytes each), the chunk's size in bytes, the
 * offsets of its last constant pool and of its metadata within it (eight bytes each, big-endian), then times.
 */
final class JfrChunks {
    static final int HEADER_BYTES = 68;

    /**
     * One chunk: where it starts in the file, its size in bytes, and where its header says its last checkpoint
     * and its metadata event are, from the chunk's start (not checked here: {@link JfrChunk} finds them by their
     * records when the header is wrong).
     */
    record Chunk(long offset, long sizeBytes, long constants, long metadata) {
    }

    /**
     * The chunks of a file: its whole ones, in file order, and, when the file ends inside a chunk after them, the
     * problem that chunk is ({@code cut}, else null).
     */
    record Scan(List<Chunk> chunks, BadInputException cut) {
        /** The bytes the whole chunks span, from the file's start. */
        long wholeBytes() {
            Chunk last = chunks.get(chunks.size() - 1);
            return last.offset() + last.sizeBytes();
        }
    }

    private JfrChunks() {
    }

    /**
     * The chunks of {@code path}, in file order, each whole within the file, and the cut chunk that ends the file
     * (cut while written or copied), if any, after at least one whole chunk.
     *
     * @throws BadInputException naming the byte where the first broken chunk or header starts, and for a file
     *     cut inside its first chunk
     */
    static Scan scan(String file, Path path) throws IOException {
        List<Chunk> chunks = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
            long offset = 0;
            while (offset < size) {
                header.clear();
                long at = offset;
                while (header.hasRemaining() && channel.read(header, at) > 0) {
                    at = offset + header.position();
                }
                header.flip();
                int n = chunks.size() + 1;
                if (header.remaining() < 4 || header.get(0) != 'F' || header.get(1) != 'L' || header.get(2) != 'R'
                        || header.get(3) != 0) {
                    throw refuse(file, offset, offset == 0
                            ? "this is not a JFR recording: it does not start with the chunk magic FLR\\0"
                            : "chunk " + n + " does not start with the chunk magic FLR\\0: the bytes after chunk "
                            + (n - 1) + " are not a recording");
                }
                if (header.remaining() < HEADER_BYTES) {
                    BadInputException cut = refuse(file, offset, "the recording ends inside the header of chunk "
                            + n + " (" + header.remaining() + " of its " + HEADER_BYTES + " bytes): it was cut");
                    if (chunks.isEmpty()) {
                        throw cut;
                    }
                    return new Scan(chunks, cut);
                }
                int major = header.getShort(4) & 0xffff;
                int minor = header.getShort(6) & 0xffff;
                if (major != 1 && major != 2) {
                    throw refuse(file, offset + 4, "chunk " + n + " is of JFR format version " + major + "." + minor
                            + "; versions 1.x and 2.x are read");
                }
                long chunkBytes = header.getLong(8);
                if (chunkBytes < HEADER_BYTES) {
                    throw refuse(file, offset + 8, "chunk " + n + " declares a size of " + chunkBytes + " bytes"
                            + (chunkBytes == 0 ? " (a chunk still being written when the file was copied)" : "")
                            + ", less than its header");
                }
                if (chunkBytes > size - offset) {
                    BadInputException cut = refuse(file, size, "the recording ends inside chunk " + n
                            + ", which starts at byte " + offset + " and declares " + chunkBytes + " bytes, of which "
                            + (size - offset) + " are present: it was cut");
                    if (chunks.isEmpty()) {
                        throw cut;
                    }
                    return new Scan(chunks, cut);
                }
                chunks.add(new Chunk(offset, chunkBytes, header.getLong(16), header.getLong(24)));
                offset += chunkBytes;
            }
        }
        if (chunks.isEmpty()) {
            throw refuse(file, 0, "the file is empty: no JFR chunk");
        }
        return new Scan(chunks, null);
    }

    static BadInputException refuse(String file, long byteOffset, String what) {
        return new BadInputException(file + ": byte " + byteOffset + ": " + oneLine(what));
    }

    /**
     * {@code text} with each control character as a backslash, {@code u} and four hex digits: a message quotes
     * names the file declares (types, fields, attributes), which may hold anything, and must stay one printable
     * line.
     */
    static String oneLine(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                if (b == null) {
                    b = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                b.append(String.format("\\u%04x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? text : b.toString();
    }
}
