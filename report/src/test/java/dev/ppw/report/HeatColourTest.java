package dev.ppw.report;

import dev.ppw.model.Presentation;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The text table coloured by heat: the bands, the escapes, and columns that stay aligned. */
class HeatColourTest {
    private static final String E = "\u001b[";

    @Test
    void theBandsAreHatchetsAboveNinetySeventyFiftyThirtyTenAndTheRest() {
        assertEquals(E + "38;5;196m", Heat.of(91, 100));
        assertEquals(E + "38;5;208m", Heat.of(90, 100));
        assertEquals(E + "38;5;220m", Heat.of(70, 100));
        assertEquals(E + "38;5;46m", Heat.of(50, 100));
        assertEquals(E + "38;5;34m", Heat.of(11, 100));
        assertEquals(E + "38;5;22m", Heat.of(10, 100));
        assertEquals(E + "38;5;22m", Heat.of(-3, 100));
        assertEquals("", Heat.of(5, 0));
    }

    @Test
    void visibleLengthSkipsTheEscapesOnly() {
        assertEquals(4, Heat.visibleLength(E + "38;5;196m" + "main" + Heat.RESET));
        assertEquals(10, Heat.visibleLength("\u2502  a\\u001B"), "an escaped control character in a name is shown");
    }

    @Test
    void eachRowsPercentInclusiveAndNameTakeTheColourOfItsShareAndALegendFollows() throws IOException {
        Profile p = Fixtures.smallTree();
        String red = E + "38;5;196m";
        String green = E + "38;5;34m";
        String dark = E + "38;5;22m";
        String r = Heat.RESET;
        assertEquals("view: tree   total: 1.235 ms   rows: 4\n"
                + "input: t.json\n\n"
                + "%total  inclusive ms  exclusive ms  calls  subcalls  incl us/call  excl us/call  min us/call"
                + "  max us/call  name\n"
                + " " + red + "100.0" + r + "         " + red + "1.235" + r + "         1.000      1         2"
                + "      1234.567       999.567     1234.567     1234.567  " + red + "main" + r + "\n"
                + "  " + green + "19.0" + r + "         " + green + "0.235" + r + "         0.235      2         1"
                + "       117.500       117.250        1.000      234.000  \u2514\u2500 " + green + "a" + r + "\n"
                + "   " + dark + "0.0" + r + "         " + dark + "0.001" + r + "         0.001      1         0"
                + "         0.500         0.500        0.500        0.500     \u2514\u2500 " + dark + "b" + r + "\n"
                + "   " + dark + "0.0" + r + "         " + dark + "0.000" + r + "         0.000      3         0"
                + "             -             -            -            -  " + dark + "idle" + r + "\n"
                + "heat (share of the total): " + red + ">90%" + r + " " + E + "38;5;208m>70%" + r + " "
                + E + "38;5;220m>50%" + r + " " + E + "38;5;46m>30%" + r + " " + green + ">10%" + r + " "
                + dark + "<=10%" + r + "\n", text(p, true));
    }

    @Test
    void withoutItsEscapesAndLegendTheColouredTextIsThePlainText() throws IOException {
        Profile p = Fixtures.smallTree();
        String coloured = text(p, true);
        String stripped = coloured.replaceAll("\u001b\\[[0-9;]*m", "");
        String plain = text(p, false);
        assertEquals(plain, stripped.substring(0, stripped.lastIndexOf("heat (share")));
    }

    private static String text(Profile p, boolean colour) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TextWriter().write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty())
                .withPresentation(Presentation.defaults().withColour(colour)), out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
