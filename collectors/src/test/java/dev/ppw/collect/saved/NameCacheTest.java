package dev.ppw.collect.saved;

import dev.ppw.model.NameTable;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

class NameCacheTest {

    /** Names as regions are often named: long, alike at both ends, differing in the middle. */
    private static String name(int i) {
        return switch (i % 4) {
            case 0 -> "";
            case 1 -> "r" + i;
            case 2 -> "solver::assemble_" + i + "_matrix(std::vector<double>&)";
            default -> "x".repeat(i % 17);
        };
    }

    @Test
    void bytesAndCharsGiveTheIdsOfTheNameTable() {
        qt().withExamples(200).forAll(lists().of(integers().between(0, 3000)).ofSizeBetween(0, 1500)).checkAssert(picks -> {
            NameTable names = new NameTable();
            NameCache cache = new NameCache(names);
            Random r = new Random(picks.size());
            List<String> seen = new ArrayList<>();
            for (int pick : picks) {
                String name = name(pick);
                int id;
                if (r.nextBoolean()) {
                    byte[] text = ("[\"" + name + "\"]").getBytes(StandardCharsets.US_ASCII);
                    id = cache.internAscii(text, 2, name.length());
                } else {
                    char[] text = ("  " + name).toCharArray();
                    id = cache.intern(text, 2, name.length());
                }
                assertEquals(name, names.name(id));
                assertEquals(names.find(name), id);
                seen.add(name);
            }
            assertEquals(seen.stream().distinct().count() + (seen.contains("") ? 0 : 1), names.size());
        });
    }
}
