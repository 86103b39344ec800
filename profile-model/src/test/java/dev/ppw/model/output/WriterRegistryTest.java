package dev.ppw.model.output;

import dev.ppw.model.Report;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WriterRegistryTest {
    /** A writer that is only a name: the registry never writes. */
    private record Named(String name) implements OutputWriter {
        @Override
        public String description() {
            return "the " + name + " format";
        }

        @Override
        public boolean binary() {
            return false;
        }

        @Override
        public List<String> fileExtensions() {
            return List.of();
        }

        @Override
        public Set<Content> accepts() {
            return Set.of(Content.PROFILE);
        }

        @Override
        public void write(Report report, OutputStream out) {
            throw new IllegalStateException("not a real writer");
        }
    }

    @Test
    void looksUpByExactNameAndListsByName() {
        Named zeta = new Named("zeta");
        Named alpha = new Named("alpha");
        WriterRegistry r = new WriterRegistry(List.of(zeta, alpha));
        assertSame(alpha, r.byName("alpha").orElseThrow());
        assertEquals(Optional.empty(), r.byName("Alpha"));
        assertEquals(Optional.empty(), r.byName("beta"));
        assertEquals(List.of("alpha", "zeta"), r.names());
        assertEquals(List.of(alpha, zeta), r.writers());
    }

    @Test
    void refusesTwoWritersOfOneName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WriterRegistry(List.of(new Named("csv"), new Named("text"), new Named("csv"))));
        assertTrue(e.getMessage().startsWith("two writers are named csv: "), e.getMessage());
    }

    @Test
    void refusesNamesThatAreNotCommandLineWords() {
        for (String bad : List.of("", "CSV", "c sv", "-csv", "1csv")) {
            assertThrows(IllegalArgumentException.class, () -> new WriterRegistry(List.of(new Named(bad))), bad);
        }
        assertEquals(List.of("chrome-json2"), new WriterRegistry(List.of(new Named("chrome-json2"))).names());
    }

    @Test
    void aClassLoaderWithoutRegistrationsGivesAnEmptyRegistry() {
        // profile-model registers no writer: they live in report.
        WriterRegistry r = WriterRegistry.load(WriterRegistryTest.class.getClassLoader());
        assertEquals(List.of(), r.names());
    }

    /** A writer that is a name, the defaults it claims and the features it shows. */
    private record Declaring(String name, Set<OutputWriter.Default> defaultFor, Set<ReportFeature> features)
            implements OutputWriter {
        @Override
        public String description() {
            return "the " + name + " format";
        }

        @Override
        public boolean binary() {
            return false;
        }

        @Override
        public List<String> fileExtensions() {
            return List.of();
        }

        @Override
        public Set<Content> accepts() {
            return Set.of(Content.PROFILE);
        }

        @Override
        public void write(Report report, OutputStream out) {
            throw new IllegalStateException("not a real writer");
        }
    }

    @Test
    void aWriterDeclaresNothingBeyondItsNameUnlessItSaysSo() {
        Named plain = new Named("plain");
        assertEquals(Set.of(), plain.features());
        assertEquals(Set.of(), plain.defaultFor());
        assertEquals(Optional.empty(), plain.whyUnused(ReportFeature.UNIT));
        assertEquals(false, plain.writesNodeValues());
        assertEquals(false, plain.writesSections());
        WriterRegistry r = new WriterRegistry(List.of(plain));
        assertEquals(Optional.empty(), r.defaultFor(OutputWriter.Default.UNSPECIFIED));
        assertEquals(List.of(), r.showing(ReportFeature.UNIT));
    }

    @Test
    void theDefaultsAndWhoShowsAFeatureComeFromTheDeclarations() {
        Declaring text = new Declaring("text", Set.of(OutputWriter.Default.UNSPECIFIED),
                Set.of(ReportFeature.STYLE, ReportFeature.UNIT));
        Declaring page = new Declaring("page", Set.of(OutputWriter.Default.REPORT), Set.of(ReportFeature.UNIT));
        WriterRegistry r = new WriterRegistry(List.of(text, page, new Named("csv")));
        assertSame(text, r.defaultFor(OutputWriter.Default.UNSPECIFIED).orElseThrow());
        assertSame(page, r.defaultFor(OutputWriter.Default.REPORT).orElseThrow());
        assertEquals(List.of("page", "text"), r.showing(ReportFeature.UNIT), "by name");
        assertEquals(List.of("text"), r.showing(ReportFeature.STYLE));
        assertEquals(List.of(), r.showing(ReportFeature.PHASES));
    }

    @Test
    void twoWritersAreNeverTheDefaultForOneChoice() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WriterRegistry(List.of(
                new Declaring("text", Set.of(OutputWriter.Default.UNSPECIFIED), Set.of()), new Named("csv"),
                new Declaring("plain", Set.of(OutputWriter.Default.UNSPECIFIED, OutputWriter.Default.REPORT),
                        Set.of()))));
        assertEquals("two writers are the default for UNSPECIFIED: plain and text", e.getMessage());
    }
}
