import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The baseline of bench/v8-bench.sh (not part of the test run): a plain streaming parse of one JSON file with
 * Jackson, the parser ppw-java reads JSON with: every token, the integers summed, nothing kept. Prints the
 * tokens and the sum. Compiled once by the script, so that the source launcher's compile is not timed.
 */
public final class JsonParse {
    public static void main(String[] args) throws IOException {
        long tokens = 0;
        long sum = 0;
        try (InputStream in = Files.newInputStream(Path.of(args[0]));
             JsonParser p = new JsonFactory().createParser(in)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                tokens++;
                if (t == JsonToken.VALUE_NUMBER_INT) {
                    sum += p.getLongValue();
                }
            }
        }
        System.out.println(tokens + " tokens, integers summing to " + sum);
    }
}
