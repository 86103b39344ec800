package dev.ppw.collect.jfr;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

class JfrStacksTest {

    /**
     * Keys of a few small values, so that many repeat; every hash is the same weak one half the time, so that keys
     * of one hash but other contents must be told apart by their contents.
     */
    @Test
    void behavesLikeAMapOfKeyContents() {
        qt().forAll(lists().of(lists().of(integers().between(0, 3)).ofSizeBetween(0, 5)).ofSizeBetween(0, 1000),
                        integers().between(0, 1))
                .checkAssert((keys, weakHash) -> {
                    JfrStacks stacks = new JfrStacks();
                    Map<List<Integer>, int[]> model = new HashMap<>();
                    int[] scratch = new int[8];
                    for (List<Integer> key : keys) {
                        for (int i = 0; i < key.size(); i++) {
                            scratch[i] = key.get(i);
                        }
                        int hash = weakHash == 1 ? key.size() : key.hashCode();
                        int[] found = stacks.get(scratch, key.size(), hash);
                        int[] expected = model.get(key);
                        if (expected == null) {
                            assertNull(found, key::toString);
                            int[] value = new int[]{model.size()};
                            stacks.put(Arrays.copyOf(scratch, key.size()), hash, value);
                            model.put(key, value);
                        } else {
                            assertSame(expected, found, key::toString);
                        }
                    }
                });
    }
}
