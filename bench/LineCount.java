import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The floor for a text reader: every line of a file read as a UTF-8 string, counted (bench/perf-script-bench.sh). */
public final class LineCount {
    private LineCount() {
    }

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
