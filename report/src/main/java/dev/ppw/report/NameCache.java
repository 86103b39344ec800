package dev.ppw.report;

import dev.ppw.model.NameTable;

import java.nio.charset.StandardCharsets;

/**
 * Interns names straight from a parser's character buffer into a {@link NameTable}: a saved profile
 * repeats a few hundred region names over thousands of rows, so a String is made only the first time a
 * name is seen. Open addressing over the name ids, with each slot's hash kept to skip most comparisons.
 */
final class NameCache {
    private final NameTable names;
    private int[] slots = new int[1024]; // name id + 1; 0 is a free slot
    private int[] hashes = new int[1024];
    private int used;

    NameCache(NameTable names) {
        this.names = names;
    }

    /** The {@link NameTable} id of {@code text[offset, offset + length)}. */
    int intern(char[] text, int offset, int length) {
        int h = hash(text, offset, length);
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int slot = slots[i];
            if (slot == 0) {
                int id = names.intern(new String(text, offset, length));
                slots[i] = id + 1;
                hashes[i] = h;
                if (++used * 2 > slots.length) {
                    grow();
                }
                return id;
            }
            if (hashes[i] == h && sameText(names.name(slot - 1), text, offset, length)) {
                return slot - 1;
            }
        }
    }

    /**
     * The {@link NameTable} id of the ASCII text {@code text[offset, offset + length)}: every byte below
     * 0x80, each one char. Hashes as the char version does, so both find the same names.
     */
    int internAscii(byte[] text, int offset, int length) {
        int h = hash(text, offset, length);
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int slot = slots[i];
            if (slot == 0) {
                int id = names.intern(new String(text, offset, length, StandardCharsets.ISO_8859_1));
                slots[i] = id + 1;
                hashes[i] = h;
                if (++used * 2 > slots.length) {
                    grow();
                }
                return id;
            }
            if (hashes[i] == h && sameText(names.name(slot - 1), text, offset, length)) {
                return slot - 1;
            }
        }
    }

    private static int hash(byte[] text, int offset, int length) {
        int h = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            h = 31 * h + text[i];
        }
        return h ^ (h >>> 16);
    }

    private static boolean sameText(String name, byte[] text, int offset, int length) {
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) != text[offset + i]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(char[] text, int offset, int length) {
        int h = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            h = 31 * h + text[i];
        }
        return h ^ (h >>> 16);
    }

    private static boolean sameText(String name, char[] text, int offset, int length) {
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) != text[offset + i]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int[] oldSlots = slots;
        int[] oldHashes = hashes;
        slots = new int[oldSlots.length * 2];
        hashes = new int[oldSlots.length * 2];
        int mask = slots.length - 1;
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != 0) {
                int i = oldHashes[j] & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = oldSlots[j];
                hashes[i] = oldHashes[j];
            }
        }
    }
}
