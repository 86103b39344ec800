package dev.ppw.collect;

import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which readers push times of the trace's clock ({@link EventFormat#timed()}): every one but the two without times. */
class TimedFormatsTest {
    @Test
    void onlyFoldedStacksAndPprofPushPositionsInsteadOfTimes() {
        List<String> untimed = FormatRegistry.load(getClass().getClassLoader()).formats().stream()
                .filter(f -> f instanceof EventFormat e && !e.timed()).map(f -> f.name()).sorted().toList();
        assertEquals(List.of("folded", "pprof"), untimed);
    }
}
