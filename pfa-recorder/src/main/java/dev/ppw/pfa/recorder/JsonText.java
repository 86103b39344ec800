package dev.ppw.pfa.recorder;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * A growable byte buffer of JSON text written as Python's {@code json.dumps} writes it, so that a trace line
 * looks like PerfFlowAspect's: strings with {@code ensure_ascii} escapes, floats as Python's {@code repr}.
 * Not thread-safe.
 */
final class JsonText {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] bytes = new byte[1 << 16];
    int size;
    private final byte[] digits = new byte[20];
    private final byte[] cachedHighDigits = new byte[20];
    private long cachedHigh = -1;
    private int cachedHighLength;

    void clear() {
        size = 0;
    }

    private void room(int n) {
        if (size + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + n));
        }
    }

    JsonText ascii(String s) {
        int n = s.length();
        room(n);
        for (int i = 0; i < n; i++) {
            bytes[size++] = (byte) s.charAt(i);
        }
        return this;
    }

    JsonText raw(byte[] b) {
        room(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
        return this;
    }

    /** {@code s} as a JSON string in quotes, or {@code null}. */
    JsonText string(String s) {
        if (s == null) {
            return ascii("null");
        }
        room(s.length() * 6 + 2);
        bytes[size++] = '"';
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> escape('"');
                case '\\' -> escape('\\');
                case '\n' -> escape('n');
                case '\r' -> escape('r');
                case '\t' -> escape('t');
                case '\b' -> escape('b');
                case '\f' -> escape('f');
                default -> {
                    if (c >= 0x20 && c < 0x7f) {
                        bytes[size++] = (byte) c;
                    } else {
                        bytes[size++] = '\\';
                        bytes[size++] = 'u';
                        bytes[size++] = HEX[(c >> 12) & 15];
                        bytes[size++] = HEX[(c >> 8) & 15];
                        bytes[size++] = HEX[(c >> 4) & 15];
                        bytes[size++] = HEX[c & 15];
                    }
                }
            }
        }
        bytes[size++] = '"';
        return this;
    }

    private void escape(char c) {
        bytes[size++] = '\\';
        bytes[size++] = (byte) c;
    }

    JsonText number(long v) {
        room(20);
        if (v < 0) {
            bytes[size++] = '-';
            if (v == Long.MIN_VALUE) {
                return ascii("9223372036854775808");
            }
            v = -v;
        }
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (n > 0) {
            bytes[size++] = digits[--n];
        }
        return this;
    }

    /**
     * Nanoseconds as decimal microseconds, exact: the integer part, a point and the digits below a microsecond
     * without trailing zeros, at least one ({@code 1500 -> 1.5}, {@code 2000 -> 2.0}), as Python prints a float
     * that holds such a value. The digits above the sixth of the integer part change once a second in a trace's
     * {@code ts}: they are kept from the last call, so that most calls divide ints only.
     */
    JsonText micros(long nanos) {
        room(32);
        if (nanos < 0) {
            bytes[size++] = '-';
            nanos = -nanos;
        }
        long whole = nanos / 1000;
        int rest = (int) (nanos - whole * 1000);
        long high = whole / 1_000_000;
        int low = (int) (whole - high * 1_000_000);
        if (high == 0) {
            intDigits(low);
        } else {
            if (high != cachedHigh) {
                cachedHigh = high;
                int n = 0;
                long h = high;
                do {
                    digits[n++] = (byte) ('0' + h % 10);
                    h /= 10;
                } while (h != 0);
                cachedHighLength = n;
                for (int i = 0; i < n; i++) {
                    cachedHighDigits[i] = digits[n - 1 - i];
                }
            }
            System.arraycopy(cachedHighDigits, 0, bytes, size, cachedHighLength);
            size += cachedHighLength;
            // two groups of three, each divided by constants (a multiplication), not by a loop's variable
            int thousands = low / 1000;
            threeDigits(thousands);
            threeDigits(low - thousands * 1000);
        }
        bytes[size++] = '.';
        if (rest == 0) {
            bytes[size++] = '0';
        } else {
            int d2 = rest / 10 % 10;
            int d3 = rest % 10;
            bytes[size++] = (byte) ('0' + rest / 100);
            if (d2 != 0 || d3 != 0) {
                bytes[size++] = (byte) ('0' + d2);
            }
            if (d3 != 0) {
                bytes[size++] = (byte) ('0' + d3);
            }
        }
        return this;
    }

    private void threeDigits(int v) {
        int hundreds = v / 100;
        int rest = v - hundreds * 100;
        int tens = rest / 10;
        bytes[size] = (byte) ('0' + hundreds);
        bytes[size + 1] = (byte) ('0' + tens);
        bytes[size + 2] = (byte) ('0' + rest - tens * 10);
        size += 3;
    }

    private void intDigits(int v) {
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (n > 0) {
            bytes[size++] = digits[--n];
        }
    }

    /** A double as Python's {@code repr} writes it: shortest digits, exponent below 1e-4 and from 1e16. */
    JsonText pyFloat(double d) {
        return ascii(pyRepr(d));
    }

    static String pyRepr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (Double.doubleToRawLongBits(d) < 0) ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        int exponent = exact.precision() - exact.scale() - 1;
        if (exponent >= -4 && exponent < 16) {
            String plain = exact.toPlainString();
            return plain.indexOf('.') < 0 ? plain + ".0" : plain;
        }
        String digitsText = exact.unscaledValue().abs().toString();
        StringBuilder out = new StringBuilder();
        if (exact.signum() < 0) {
            out.append('-');
        }
        out.append(digitsText.charAt(0));
        if (digitsText.length() > 1) {
            out.append('.').append(digitsText, 1, digitsText.length());
        }
        out.append('e').append(exponent < 0 ? '-' : '+');
        int abs = Math.abs(exponent);
        if (abs < 10) {
            out.append('0');
        }
        return out.append(abs).toString();
    }
}
