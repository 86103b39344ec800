package dev.ppw.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Short, printable, one-line quotes of raw input for error messages (a message about a binary or broken
 * file must itself stay readable text), and I/O failures said in words.
 */
public final class Quote {
    private Quote() {
    }

    /**
     * Quotes {@code buf[offset .. offset+length-1]} byte by byte: printable ASCII as it is, {@code "} and
     * {@code \} escaped, every other byte as {@code \xNN}. For input whose encoding is unknown.
     */
    public static String bytes(byte[] buf, int offset, int length) {
        StringBuilder sb = new StringBuilder(length + 8);
        for (int i = offset; i < offset + length; i++) {
            int b = buf[i] & 0xff;
            if (b == '"' || b == '\\') {
                sb.append('\\').append((char) b);
            } else if (b >= 0x20 && b < 0x7f) {
                sb.append((char) b);
            } else {
                sb.append("\\x").append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 15, 16));
            }
        }
        return sb.toString();
    }

    /**
     * What went wrong in an I/O failure, in words: NIO's messages are often just a path (a temporary one, for
     * an output), so a missing file or a denied permission is said as such.
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * Quotes UTF-8 text: malformed bytes become U+FFFD, control characters and {@code "} / {@code \} are
     * escaped, so the quote is one printable line.
     */
    public static String utf8(byte[] buf, int offset, int length) {
        return text(new String(buf, offset, length, StandardCharsets.UTF_8));
    }

    /** Escapes control characters, {@code "} and {@code \} of {@code s}. */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"', '\\' -> sb.append('\\').append(c);
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
