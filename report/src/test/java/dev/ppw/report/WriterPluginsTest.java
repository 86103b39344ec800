package dev.ppw.report;

import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.WriterRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

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
        assertEquals(List.of(".pb.gz", ".pprof"), REGISTRY.byName("pprof").orElseThrow().fileExtensions());
        for (OutputWriter w : REGISTRY.writers()) {
            boolean pprof = w.name().equals("pprof");
            assertEquals(pprof, w.binary(), w.name() + (pprof ? " is gzipped protobuf" : " is text (UTF-8)"));
            assertEquals(pprof, w.compressed(), w.name());
            assertFalse(w.description().isBlank() || w.description().contains("\n"), w.name());
        }
    }
}
