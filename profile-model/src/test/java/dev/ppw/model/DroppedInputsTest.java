package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DroppedInputsTest {
    @Test
    void reasonsComeMostFrequentFirstThenByNameAndExamplesStopAtTen() {
        List<String> messages = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            messages.add("n" + i + ".json: broken");
        }
        DroppedInputs d = new DroppedInputs(15, Map.of("b", 5L, "a", 5L, "c", 5L - 4, "z", 4L), messages);
        assertEquals(List.of("a", "b", "z", "c"), List.copyOf(d.reasons().keySet()));
        assertEquals("a 5, b 5, z 4, c 1", d.reasonsText());
        assertEquals(messages.subList(0, DroppedInputs.EXAMPLES), d.examples());
    }

    @Test
    void thenAddsCountsAndKeepsTheFirstExamplesInOrder() {
        DroppedInputs early = new DroppedInputs(2, Map.of("x", 2L), List.of("a", "b"));
        DroppedInputs late = new DroppedInputs(10, Map.of("x", 1L, "y", 9L), List.of("c", "d", "e", "f", "g", "h", "i",
                "j", "k", "l"));
        DroppedInputs both = early.then(late);
        assertEquals(12, both.count());
        assertEquals(Map.of("x", 3L, "y", 9L), both.reasons());
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"), both.examples());
        assertEquals(early, early.then(DroppedInputs.NONE));
        assertEquals(late, DroppedInputs.NONE.then(late));
        assertTrue(DroppedInputs.NONE.isEmpty());
    }

    @Test
    void countsThatDoNotAddUpAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new DroppedInputs(2, Map.of("x", 1L), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new DroppedInputs(1, Map.of("x", 1L), List.of("a", "b")));
        assertThrows(IllegalArgumentException.class, () -> new DroppedInputs(0, Map.of("x", 0L), List.of()));
    }

    @Test
    void severalBadInputsAreOneLineAndOneIsItsOwnMessage() {
        assertEquals("a.json:1:2: not valid JSON", new BadInputsException(
                new DroppedInputs(1, Map.of("not valid JSON", 1L), List.of("a.json:1:2: not valid JSON")), 12).getMessage());
        assertEquals("2 of 12 inputs cannot be read (x 2)",
                new BadInputsException(new DroppedInputs(2, Map.of("x", 2L), List.of("a", "b")), 12).getMessage());
        assertEquals("none of the 2 inputs can be read (x 2)",
                new BadInputsException(new DroppedInputs(2, Map.of("x", 2L), List.of("a", "b")), 2).getMessage());
    }
}
