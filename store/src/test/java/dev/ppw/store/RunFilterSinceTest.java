package dev.ppw.store;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunFilterSinceTest {
    private static final Instant NOW = Instant.parse("2024-05-10T12:00:00Z");
    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

    @Test
    void timeAgoCountsBackFromNow() {
        assertEquals(Instant.parse("2024-05-03T12:00:00Z"), RunFilter.since("7d", NOW, PARIS));
        assertEquals(Instant.parse("2024-05-10T00:00:00Z"), RunFilter.since(" 12H ", NOW, PARIS));
        assertEquals(Instant.parse("2024-05-10T11:30:00Z"), RunFilter.since("30m", NOW, PARIS));
    }

    @Test
    void datesAndLocalTimesAreInTheZoneGiven() {
        assertEquals(Instant.parse("2024-04-30T22:00:00Z"), RunFilter.since("2024-05-01", NOW, PARIS));
        assertEquals(Instant.parse("2024-05-01T10:00:00Z"), RunFilter.since("2024-05-01T12:00", NOW, PARIS));
    }

    @Test
    void instantsKeepTheirOwnOffset() {
        assertEquals(Instant.parse("2024-05-01T12:00:00Z"), RunFilter.since("2024-05-01T12:00:00Z", NOW, PARIS));
        assertEquals(Instant.parse("2024-05-01T10:00:00Z"),
                RunFilter.since("2024-05-01T12:00:00+02:00", NOW, PARIS));
    }

    @Test
    void anythingElseNamesWhatItTakes() {
        for (String bad : new String[] {"yesterday", "7w", "9999999999d", "2024-13-01", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RunFilter.since(bad, NOW, PARIS), bad);
            assertTrue(e.getMessage().startsWith("since takes a date (2024-05-01)"), e.getMessage());
        }
    }
}
