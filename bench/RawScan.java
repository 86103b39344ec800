import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The baseline of bench/cold-bench.sh (not part of the test run): a raw Jackson token scan of one file (a loop
 * of nextToken() and nothing else, as bench/ReadBench.java's), run cold in a JVM of its own on one core. Prints
 * the tokens read. Compiled once by the script, so that the source launcher's compile is not timed.
 */
public final class RawScan {
    public static void main(String[] args) throws IOException {
        JsonFactory factory = JsonFactory.builder()
                .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build();
        long tokens = 0;
        try (InputStream in = Files.newInputStream(Path.of(args[0])); JsonParser p = factory.createParser(in)) {
            try {
                while (p.nextToken() != null) {
                    tokens++;
                }
            } catch (JsonParseException e) {
                // PerfFlowAspect writes no closing "]": the scan ends at the end of the input.
                if (e.getOriginalMessage() == null || !e.getOriginalMessage().startsWith("Unexpected end-of-input")) {
                    throw e;
                }
            }
        }
        System.out.println(tokens);
    }
}
