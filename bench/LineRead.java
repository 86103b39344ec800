import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The baseline of bench/lttng-bench.sh and bench/perf-script-bench.sh (not part of the test run): a plain line read of one text file
 * (BufferedReader.readLine and a length sum, nothing else), run cold in a JVM of its own. Prints the lines and
 * characters read. Compiled once by the script, so that the source launcher's compile is not timed.
 */
public final class LineRead {
    public static void main(String[] args) throws IOException {
        long lines = 0;
        long chars = 0;
        try (BufferedReader in = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines++;
                chars += line.length();
            }
        }
        System.out.println(lines + " lines, " + chars + " chars");
    }
}
