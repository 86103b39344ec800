package dev.ppw.collect.lttng;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The function symbols of one ELF64 little-endian file (x86-64, AArch64 and the like): its {@code .symtab},
 * else its {@code .dynsym}, as address ranges {@code [value, value + size)} relative to the file's load
 * base of 0, which is what an address minus a position-independent binary's {@code baddr} is. Symbols of
 * size 0 contain nothing. Immutable once read, so it can be shared between threads.
 */
public final class ElfSymbols {
    private static final int SHT_SYMTAB = 2;
    private static final int SHT_DYNSYM = 11;
    private static final int STT_FUNC = 2;
    private static final int STT_GNU_IFUNC = 10;
    /** Sections larger than this are not symbol tables we read: a corrupt header must not allocate gigabytes. */
    private static final long MAX_SECTION_BYTES = 256L << 20;

    private final long[] starts;
    private final long[] ends;
    private final String[] names;

    private ElfSymbols(long[] starts, long[] ends, String[] names) {
        this.starts = starts;
        this.ends = ends;
        this.names = names;
    }

    /** The symbols of the ELF file at {@code path}; null when it is not an ELF64 little-endian file or has none. */
    public static ElfSymbols read(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < 64 || size > Integer.MAX_VALUE) {
                return null;
            }
            ByteBuffer file = channel.map(FileChannel.MapMode.READ_ONLY, 0, size).order(ByteOrder.LITTLE_ENDIAN);
            return parse(file);
        }
    }

    /** The symbols of an ELF file held in {@code bytes}; null when it is not ELF64 little-endian or has none. */
    public static ElfSymbols parse(byte[] bytes) {
        return parse(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
    }

    private static ElfSymbols parse(ByteBuffer file) {
        try {
            return parseOrThrow(file);
        } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException e) {
            // A cut or corrupt file names nothing, as a missing one does.
            return null;
        }
    }

    private static ElfSymbols parseOrThrow(ByteBuffer file) {
        if (file.limit() < 64 || file.getInt(0) != 0x464C457F || file.get(4) != 2 || file.get(5) != 1) {
            return null;
        }
        long shoff = file.getLong(0x28);
        int shentsize = Short.toUnsignedInt(file.getShort(0x3A));
        int shnum = Short.toUnsignedInt(file.getShort(0x3C));
        if (shoff <= 0 || shentsize < 64 || shnum == 0) {
            return null;
        }
        ElfSymbols symtab = null;
        ElfSymbols dynsym = null;
        for (int i = 0; i < shnum; i++) {
            int header = Math.toIntExact(shoff + (long) i * shentsize);
            int type = file.getInt(header + 4);
            if (type != SHT_SYMTAB && type != SHT_DYNSYM) {
                continue;
            }
            int link = file.getInt(header + 0x28);
            if (link < 0 || link >= shnum) {
                continue;
            }
            int strHeader = Math.toIntExact(shoff + (long) link * shentsize);
            ElfSymbols table = table(file, header, strHeader);
            if (type == SHT_SYMTAB) {
                symtab = table;
            } else {
                dynsym = table;
            }
        }
        ElfSymbols chosen = symtab != null && symtab.names.length > 0 ? symtab : dynsym;
        return chosen == null || chosen.names.length == 0 ? null : chosen;
    }

    private static ElfSymbols table(ByteBuffer file, int header, int strHeader) {
        long offset = file.getLong(header + 0x18);
        long size = file.getLong(header + 0x20);
        long entsize = file.getLong(header + 0x38);
        long strOffset = file.getLong(strHeader + 0x18);
        long strSize = file.getLong(strHeader + 0x20);
        if (entsize < 24 || size < 0 || size > MAX_SECTION_BYTES || strSize < 0 || strSize > MAX_SECTION_BYTES
                || offset + size > file.limit() || strOffset + strSize > file.limit()) {
            return new ElfSymbols(new long[0], new long[0], new String[0]);
        }
        int count = (int) (size / entsize);
        long[] starts = new long[count];
        long[] ends = new long[count];
        String[] names = new String[count];
        int n = 0;
        for (int i = 0; i < count; i++) {
            int at = (int) (offset + i * entsize);
            int nameOffset = file.getInt(at);
            int type = file.get(at + 4) & 0xF;
            int shndx = Short.toUnsignedInt(file.getShort(at + 6));
            long value = file.getLong(at + 8);
            long symSize = file.getLong(at + 16);
            if ((type != STT_FUNC && type != STT_GNU_IFUNC) || shndx == 0 || symSize <= 0
                    || nameOffset <= 0 || nameOffset >= strSize) {
                continue;
            }
            String name = cString(file, (int) (strOffset + nameOffset), (int) (strOffset + strSize));
            if (name.isEmpty()) {
                continue;
            }
            starts[n] = value;
            ends[n] = value + symSize;
            names[n] = name;
            n++;
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // By start, then the shorter range first, then by name: aliases resolve the same on every run.
        Arrays.sort(order, (a, b) -> {
            int c = Long.compareUnsigned(starts[a], starts[b]);
            if (c == 0) {
                c = Long.compareUnsigned(ends[a], ends[b]);
            }
            return c != 0 ? c : names[a].compareTo(names[b]);
        });
        long[] s = new long[n];
        long[] e = new long[n];
        String[] m = new String[n];
        for (int i = 0; i < n; i++) {
            s[i] = starts[order[i]];
            e[i] = ends[order[i]];
            m[i] = names[order[i]];
        }
        return new ElfSymbols(s, e, m);
    }

    private static String cString(ByteBuffer file, int from, int limit) {
        int end = from;
        while (end < limit && file.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        file.get(from, bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** How many function symbols the table has. */
    public int size() {
        return names.length;
    }

    /**
     * The function whose range contains {@code address} (an address in the file's own layout), as
     * {@code name} when {@code withOffset} is false, else {@code name+0x<offset>}; null when none does.
     */
    public String name(long address, boolean withOffset) {
        int lo = 0;
        int hi = starts.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], address) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        // Ranges may nest (a local alias inside a larger symbol): look back for one that contains it.
        for (int i = found; i >= 0 && i > found - 16; i--) {
            if (Long.compareUnsigned(address, ends[i]) < 0 && Long.compareUnsigned(starts[i], address) <= 0) {
                return withOffset ? names[i] + "+0x" + Long.toHexString(address - starts[i]) : names[i];
            }
        }
        return null;
    }
}
