package dev.ppw.model.output;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * JSON text made inert inside an HTML {@code <script>} element, as it passes to {@code out}: {@code <}, {@code >}
 * and {@code &} become the JSON escapes {@code \u003C}, {@code \u003E} and {@code \u0026}, so that no
 * {@code </script>} or {@code <!--} in a name ends or changes the element, and the line separators U+2028 and
 * U+2029, which older script parsers took for line ends, become {@code \u2028} and {@code \u2029}. In JSON text
 * these characters stand only inside strings, where the escape means the same character: the value a script parses
 * is unchanged. Everything else passes as it is. The HTML report's data and the server's pages and API share it.
 */
public final class InertInScript extends FilterWriter {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** A writer of {@code out} that escapes what would not be inert. Closing it closes {@code out}. */
    public InertInScript(Writer out) {
        super(out);
    }

    @Override
    public void write(int c) throws IOException {
        if (escaped((char) c)) {
            escape((char) c);
        } else {
            out.write(c);
        }
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        int run = off;
        for (int i = off; i < off + len; i++) {
            if (escaped(buf[i])) {
                out.write(buf, run, i - run);
                escape(buf[i]);
                run = i + 1;
            }
        }
        out.write(buf, run, off + len - run);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        int run = off;
        for (int i = off; i < off + len; i++) {
            if (escaped(s.charAt(i))) {
                out.write(s, run, i - run);
                escape(s.charAt(i));
                run = i + 1;
            }
        }
        out.write(s, run, off + len - run);
    }

    private static boolean escaped(char c) {
        return c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029';
    }

    private void escape(char c) throws IOException {
        out.write(new char[] {'\\', 'u', HEX[c >>> 12], HEX[(c >>> 8) & 0xF], HEX[(c >>> 4) & 0xF], HEX[c & 0xF]});
    }
}
