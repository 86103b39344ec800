package dev.ppw.collect.tau;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Random metadata lines made of the XML's own pieces, in any order and cut anywhere, give the attributes the
 * lazy regular expression the reader used before finds: same names, same values, same order.
 */
class TauMetadataPropertiesTest {
    private static final Pattern ATTRIBUTE = Pattern.compile(
            "<attribute><name>(.*?)</name><value>(.*?)</value></attribute>", Pattern.DOTALL);
    private static final String[] PIECES = {"<attribute><name>", "</name><value>", "</value></attribute>",
        "<attribute>", "<name>", "</value>", "a", "pid", "&amp;", "&lt;", "\n", " ", "<metadata>"};

    @Test
    void attributesAreWhatTheRegularExpressionFinds() {
        qt().withExamples(2000).forAll(longs().all(), integers().between(0, 40)).checkAssert((seed, pieces) -> {
            SplittableRandom random = new SplittableRandom(seed);
            StringBuilder line = new StringBuilder("# Name Calls Subrs Excl Incl ProfileCalls # ");
            for (int i = 0; i < pieces; i++) {
                String piece = PIECES[random.nextInt(PIECES.length)];
                line.append(random.nextInt(10) == 0 ? piece.substring(0, random.nextInt(piece.length() + 1)) : piece);
            }
            Map<String, String> expected = new LinkedHashMap<>();
            Matcher m = ATTRIBUTE.matcher(line);
            while (m.find()) {
                expected.put(unescape(m.group(1)), unescape(m.group(2)));
            }
            Map<String, String> got = new LinkedHashMap<>();
            TauProfileReader.attributes(line.toString(), got);
            assertEquals(expected.toString(), got.toString(), line::toString);
        });
    }

    private static String unescape(String xml) {
        return xml.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'")
                .replace("&amp;", "&");
    }
}
