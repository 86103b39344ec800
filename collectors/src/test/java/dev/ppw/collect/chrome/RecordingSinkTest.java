package dev.ppw.collect.chrome;

import dev.ppw.model.EventSink;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The recorder of the parallel reader must record every sink call: an {@link EventSink} method it does not
 * declare itself (a new default method, say a counter) would be dropped silently for large files.
 */
class RecordingSinkTest {
    @Test
    void everySinkMethodIsRecorded() throws NoSuchMethodException {
        for (Method m : EventSink.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Method mine = RecordingSink.class.getMethod(m.getName(), m.getParameterTypes());
            assertEquals(RecordingSink.class, mine.getDeclaringClass(),
                    "RecordingSink records " + m + " (and replays it)");
        }
    }
}
