package dev.ppw.report;

import dev.ppw.model.output.Content;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;
import dev.ppw.model.output.WriterRegistry;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The writers as ServiceLoader finds them, and what each says about itself. */
class WriterPluginsTest {
    private static final WriterRegistry REGISTRY = WriterRegistry.load(WriterPluginsTest.class.getClassLoader());

    @Test
    void serviceLoaderFindsTheWritersByName() {
        assertEquals(List.of("csv", "folded", "hatchet", "html", "json", "pprof", "speedscope", "tau", "text"), REGISTRY.names());
        assertInstanceOf(HatchetWriter.class, REGISTRY.byName("hatchet").orElseThrow());
        assertInstanceOf(HtmlWriter.class, REGISTRY.byName("html").orElseThrow());
        assertInstanceOf(SpeedscopeWriter.class, REGISTRY.byName("speedscope").orElseThrow());
        assertInstanceOf(dev.ppw.report.pprof.PprofWriter.class, REGISTRY.byName("pprof").orElseThrow());
        assertInstanceOf(FoldedWriter.class, REGISTRY.byName("folded").orElseThrow());
        assertInstanceOf(CsvWriter.class, REGISTRY.byName("csv").orElseThrow());
        assertInstanceOf(JsonWriter.class, REGISTRY.byName("json").orElseThrow());
        assertInstanceOf(TextWriter.class, REGISTRY.byName("text").orElseThrow());
    }

    @Test
    void everyWriterAcceptsOneProfileAndAnAggregateAndTextCsvAndJsonADiff() {
        for (OutputWriter w : REGISTRY.writers()) {
            assertTrue(w.accepts().containsAll(Set.of(Content.PROFILE, Content.MERGED)), w.name());
        }
        for (String name : List.of("text", "csv", "json", "html")) {
            assertEquals(Set.of(Content.PROFILE, Content.MERGED, Content.DIFF),
                    REGISTRY.byName(name).orElseThrow().accepts(), name);
        }
        assertEquals(Set.of(Content.PROFILE, Content.MERGED), REGISTRY.byName("folded").orElseThrow().accepts());
    }

    @Test
    void fileEndingsSuggestCsvAndJsonButNeverText() {
        assertEquals(List.of(".csv"), new CsvWriter().fileExtensions());
        assertEquals(List.of(".json"), new JsonWriter().fileExtensions());
        assertEquals(List.of(".html", ".htm"), new HtmlWriter().fileExtensions());
        assertEquals(List.of(), new TextWriter().fileExtensions());
        assertEquals(List.of(".pb.gz", ".pb", ".pprof"), REGISTRY.byName("pprof").orElseThrow().fileExtensions());
        for (OutputWriter w : REGISTRY.writers()) {
            boolean pprof = w.name().equals("pprof");
            assertEquals(pprof, w.binary(), w.name() + (pprof ? " is gzipped protobuf" : " is text (UTF-8)"));
            assertEquals(pprof, w.compressed(), w.name());
            assertFalse(w.description().isBlank() || w.description().contains("\n"), w.name());
        }
    }

    @Test
    void textIsTheDefaultAndTheOnlyWriterOfThePresentationOptions() {
        assertEquals("text", REGISTRY.defaultFor(OutputWriter.Default.UNSPECIFIED).orElseThrow().name());
        assertEquals("html", REGISTRY.defaultFor(OutputWriter.Default.REPORT).orElseThrow().name());
        assertEquals(EnumSet.allOf(ReportFeature.class), new TextWriter().features());
        for (ReportFeature presentation : List.of(ReportFeature.STYLE, ReportFeature.ASCII, ReportFeature.VERBOSE,
                ReportFeature.COLOUR)) {
            assertEquals(List.of("text"), REGISTRY.showing(presentation), presentation.name());
        }
    }

    @Test
    void theHtmlPageWantsEachNodesValuesAndTheSectionsAsSpeedscopeAndTauDo() {
        for (OutputWriter w : REGISTRY.writers()) {
            assertEquals(w.name().equals("html"), w.writesNodeValues(), w.name());
            assertEquals(w.name().equals("tau"), w instanceof FolderWriter, w.name() + " writes a folder");
            // The page's selector of threads draws each thread's section.
            assertEquals(w.name().equals("speedscope") || w.name().equals("html"), w.writesSections(), w.name());
        }
    }

    @Test
    void everyWriterWritesPhasesAndTimeBinsAreForTablesAndThePage() {
        assertEquals(List.of("csv", "html", "json", "text"), REGISTRY.showing(ReportFeature.TIME_BINS));
        assertEquals(REGISTRY.names(), REGISTRY.showing(ReportFeature.PHASES));
        assertEquals(List.of("csv", "hatchet", "html", "json", "pprof", "speedscope", "tau", "text"),
                REGISTRY.showing(ReportFeature.UNIT), "folded stacks are whole nanoseconds");
        assertEquals(List.of("csv", "hatchet", "html", "json", "pprof", "tau", "text"),
                REGISTRY.showing(ReportFeature.BREAKDOWN));
    }

    @Test
    void aWriterHasWordsOnlyForWhatItDoesNotShow() {
        for (OutputWriter w : REGISTRY.writers()) {
            for (ReportFeature f : ReportFeature.values()) {
                if (w.features().contains(f)) {
                    assertEquals(Optional.empty(), w.whyUnused(f), w.name() + " shows " + f);
                }
            }
        }
        assertEquals(Optional.of("folded stacks have no counter series"),
                new FoldedWriter().whyUnused(ReportFeature.COUNTER_SERIES));
    }
}
