package dev.ppw.collect.chrome;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class TextCacheTest {
    private static String get(TextCache cache, String s) {
        char[] buf = ("<<" + s + ">>").toCharArray();
        return cache.get(buf, 2, s.length());
    }

    @Test
    void returnsTheSameInstanceForRepeatedText() {
        TextCache cache = new TextCache();
        String first = get(cache, "v8.compile");
        assertSame(first, get(cache, "v8.compile"));
        assertEquals("", get(cache, ""));
    }

    @Test
    void textsThatShareTheirHashedEndsStayDistinct() {
        TextCache cache = new TextCache();
        String ends = "0123456789abcdef";
        String a = ends + "middle-A" + ends;
        String b = ends + "middle-B" + ends;
        for (int i = 0; i < 3; i++) {
            assertEquals(a, get(cache, a));
            assertEquals(b, get(cache, b));
        }
        String longText = "x".repeat(500);
        assertEquals(longText, get(cache, longText));
    }
}
