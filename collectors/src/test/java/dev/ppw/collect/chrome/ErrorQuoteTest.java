package dev.ppw.collect.chrome;

import org.junit.jupiter.api.Test;

import static dev.ppw.collect.TestInputs.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every structural error quotes the input where it is, even when Jackson reports it past a line end. */
class ErrorQuoteTest {
    private static final String UNRECOGNIZED = "not valid JSON: Unrecognized token 'xyz': was expecting (JSON String,"
            + " Number (or 'NaN'/'+INF'/'-INF'), Array, Object or token 'null', 'true' or 'false')";

    @Test
    void garbageEndingALineIsQuoted() {
        assertEquals("t.json:1:25: " + UNRECOGNIZED + ": \"[{\\\"ph\\\":\\\"X\\\",\\\"ts\\\":1}] xyz\"",
                failure("[{\"ph\":\"X\",\"ts\":1}] xyz\n").getMessage());
        assertEquals("t.json:3:5: " + UNRECOGNIZED + ": \"xyz\"",
                failure("[{\"ph\":\"X\",\"ts\":1}]\n\nxyz\r\n\n").getMessage());
    }

    @Test
    void garbageFollowedByMoreOnItsLineIsQuotedAsBefore() {
        assertEquals("t.json:1:25: " + UNRECOGNIZED + ": \"[{\\\"ph\\\":\\\"X\\\",\\\"ts\\\":1}] xyz]\"",
                failure("[{\"ph\":\"X\",\"ts\":1}] xyz]").getMessage());
    }
}
