package dev.ppw.collect;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.UnreadFormat;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.ppw.collect.TestInputs.FORMATS;
import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

/**
 * No recognizer of an unread format claims what a reader reads: Chrome traces, folded stacks and saved profiles,
 * real and generated, are never named as something else, whatever their file name. (Generic JSON may say it is
 * possible for a saved profile: the saved-profile reader is certain of it.)
 */
class RecognizersClaimNoReadableInputTest {
    private static final String FOLDED = """
            java;start_thread;thread_native_entry;JavaThread::run;Interpreter;sys_write_[k] 17
            [unknown];node;JS:~tick node:internal/process/task_queues:67 3
            python3;<module> (script.py:3);main (script.py:9) 120
            """;

    @Test
    void realTracesAndSavedProfilesAreLeftToTheirReaders() throws IOException {
        List<Head> heads = new ArrayList<>();
        for (ValidTraces.Seed seed : ValidTraces.all()) {
            heads.add(InputSource.of(seed.name(), seed.bytes()).head());
        }
        heads.add(InputSource.of("p.ppw.json", testResource("dev/ppw/collect/saved/docs-example.ppw.json")).head());
        heads.add(Head.of("out.folded", FOLDED.getBytes(StandardCharsets.UTF_8)));
        heads.add(Head.of("x.txt", "main;a 1\n".getBytes(StandardCharsets.UTF_8)));
        for (Head head : heads) {
            Detection.Read read = assertInstanceOf(Detection.Read.class, FORMATS.identify(head), head::toString);
            for (UnreadFormat f : FORMATS.unread()) {
                Confidence c = f.probe(head);
                assertEquals(true, c == Confidence.NONE || c.compareTo(read.confidence()) < 0,
                        () -> f.name() + " claims " + head + " as " + c + ", its reader is " + read);
            }
        }
    }

    @Test
    void generatedFoldedStacksAreNeverClaimed() {
        Gen<String> frame = strings().betweenCodePoints(0x20, 0x7e).ofLengthBetween(1, 12)
                .map(s -> s.replace(";", "").replace(" ", "_")).assuming(s -> !s.isEmpty());
        Gen<String> line = lists().of(frame).ofSizeBetween(1, 6).zip(integers().between(1, 1_000_000),
                (frames, count) -> String.join(";", frames) + " " + count);
        // What the property once found, kept whatever the generator draws: a frame named like an empty object.
        for (UnreadFormat f : FORMATS.unread()) {
            Confidence c = f.probe(Head.of("out.folded", "{} 1\n".getBytes(StandardCharsets.UTF_8)));
            assertEquals(true, c.compareTo(Confidence.NAME_ONLY) <= 0, () -> f.name() + " claims {} 1 as " + c);
        }
        qt().withExamples(300).forAll(lists().of(line).ofSizeBetween(1, 8)).checkAssert(lines -> {
            byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
            for (String name : List.of("out.folded", "profile.0.0.0", "x.jfr", "x.cpuprofile", "traces.otf2")) {
                for (UnreadFormat f : FORMATS.unread()) {
                    Confidence c = f.probe(Head.of(name, text));
                    assertEquals(true, c.compareTo(Confidence.NAME_ONLY) <= 0, () -> f.name() + " claims " + lines);
                }
            }
        });
    }
}
