package dev.ppw.collect;

import dev.ppw.model.Quote;

import java.nio.charset.StandardCharsets;

/**
 * Where bytes stop being UTF-8, for the readers of text formats: a name that is not UTF-8 would otherwise be
 * decoded with U+FFFD in its place, silently. Stateless.
 */
public final class Utf8 {
    private Utf8() {
    }

    /**
     * The index of the first byte of {@code b[from .. to-1]} that starts no well-formed UTF-8 sequence (RFC 3629:
     * no overlong forms, no surrogates, nothing above U+10FFFF), or -1 when all of it is UTF-8. A lead byte whose
     * continuation is missing, wrong or cut by {@code to} is the answer itself: in Latin-1 text, {@code é} (0xe9)
     * followed by a space is the byte to show, not the space.
     */
    public static int firstInvalid(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int more;
            int min2 = 0x80;
            int max2 = 0xbf;
            if (c >= 0xc2 && c <= 0xdf) {
                more = 1;
            } else if (c >= 0xe0 && c <= 0xef) {
                more = 2;
                min2 = c == 0xe0 ? 0xa0 : 0x80;
                max2 = c == 0xed ? 0x9f : 0xbf;
            } else if (c >= 0xf0 && c <= 0xf4) {
                more = 3;
                min2 = c == 0xf0 ? 0x90 : 0x80;
                max2 = c == 0xf4 ? 0x8f : 0xbf;
            } else {
                return i;
            }
            if (i + more >= to) {
                return i;
            }
            int second = b[i + 1] & 0xff;
            if (second < min2 || second > max2) {
                return i;
            }
            for (int k = 2; k <= more; k++) {
                if ((b[i + k] & 0xc0) != 0x80) {
                    return i;
                }
            }
            i += more + 1;
        }
        return -1;
    }

    /**
     * A printable one-line quote of {@code b[from .. to-1]}: its UTF-8 text as {@link Quote#text} escapes it, and
     * each byte that is not UTF-8 as {@code \xNN}, so that a quote shows the byte a warning is about.
     */
    public static String quote(byte[] b, int from, int to) {
        StringBuilder out = new StringBuilder(to - from + 8);
        int i = from;
        while (i < to) {
            int bad = firstInvalid(b, i, to);
            int end = bad < 0 ? to : bad;
            out.append(Quote.text(new String(b, i, end - i, StandardCharsets.UTF_8)));
            if (bad < 0) {
                break;
            }
            out.append(Quote.bytes(b, bad, 1));
            i = bad + 1;
        }
        return out.toString();
    }
}
