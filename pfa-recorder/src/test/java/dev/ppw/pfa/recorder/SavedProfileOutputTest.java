package dev.ppw.pfa.recorder;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.engine.Engine;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The saved profile's total is its main part's: a profile of samples only has no thread time. */
class SavedProfileOutputTest {
    @TempDir
    Path dir;

    @Test
    void aProfileOfSamplesOnlyIsSavedWithTheSamplesTotal() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int work = t.child(CallTree.ROOT, t.frames().intern("work"), Part.SAMPLES);
        t.addSamples(t.child(work, t.frames().intern("hash")), 3_000_000, 3);
        t.addSample(work, 1_000_000);
        Path file = dir.resolve("saved.json");
        new SavedProfileOutput(Engine.fromClassPath())
                .write(Profile.single(t, List.of("x"), Map.of(), Map.of()), new Diagnostics(), file, false);
        assertEquals(4_000_000L, topLevelNumber(file, "total_inclusive_ns"));
    }

    private static long topLevelNumber(Path file, String field) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(file.toFile())) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals(field)) {
                    return p.getLongValue();
                }
                p.skipChildren();
            }
        }
        throw new AssertionError(field + " not in " + file);
    }
}
