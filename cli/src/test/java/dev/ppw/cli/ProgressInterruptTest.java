package dev.ppw.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C while the progress bar is drawn (issue 29): the bar's line is blanked and the cursor put back at its start
 * before the message is printed, so that the message, and the shell's prompt after it, start a line of their own.
 */
class ProgressInterruptTest {
    @Test
    void theBarsLineIsClearedBeforeTheInterruptMessage() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress progress = Progress.shown(err, "profile", 1, 100, true)) {
            progress.bytesRead(0, 40L << 20);
            Thread.sleep(300); // the bar draws itself from its own thread
            progress.interrupted();
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        String message = "ppw-java: interrupted while reading the inputs: nothing written\n";
        assertTrue(text.contains("profile"), "the bar was drawn: " + text);
        assertTrue(text.endsWith(message), text);
        int at = text.length() - message.length();
        assertEquals('\r', text.charAt(at - 1), "the message starts a line: " + text);
        int lineStart = text.lastIndexOf('\r', at - 2);
        String lastDrawn = text.substring(lineStart + 1, at - 1);
        assertTrue(lastDrawn.isBlank(), "the bar's line was blanked, not left: [" + lastDrawn + "]");
    }
}
