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
        assertEquals(List.of("csv", "folded", "json", "text"), REGISTRY.names());
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
        for (String name : List.of("text", "csv", "json")) {
            assertEquals(Set.of(Content.PROFILE, Content.MERGED, Content.DIFF),
                    REGISTRY.byName(name).orElseThrow().accepts(), name);
        }
        assertEquals(Set.of(Content.PROFILE, Content.MERGED), REGISTRY.byName("folded").orElseThrow().accepts());
    }

    @Test
    void fileEndingsSuggestCsvAndJsonButNeverText() {
        assertEquals(List.of(".csv"), new CsvWriter().fileExtensions());
        assertEquals(List.of(".json"), new JsonWriter().fileExtensions());
        assertEquals(List.of(), new TextWriter().fileExtensions());
        for (OutputWriter w : REGISTRY.writers()) {
            assertFalse(w.binary(), w.name() + " is text (UTF-8)");
            assertFalse(w.description().isBlank() || w.description().contains("\n"), w.name());
        }
    }
}
