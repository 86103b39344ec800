package dev.ppw.collect.lttng;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Names code addresses of traced processes, as babeltrace2's {@code debug-info} does: the binaries each
 * process had mapped come from the statedump's {@code lttng_ust_statedump:bin_info} events (and
 * {@code lttng_ust_dl:dlopen}), per vpid; the symbols from each binary's ELF symbol table when a
 * {@link BinaryLookup} finds it. An address is named, in order of preference:
 * <ol>
 *   <li>by the function symbol that contains it ({@link #function}: {@code main}; {@link #callsite}:
 *       {@code main+0x4b}, the offset in hex from the symbol's start);</li>
 *   <li>else by the binary's file name and the offset from its base address, as babeltrace2 prints
 *       {@code bin}: {@code lttng_work+0x1579} for a position-independent binary,
 *       {@code lttng_work@0x401579} (the address itself) for one that is not;</li>
 *   <li>else as the address in hex: {@code 0x55af8d197579}.</li>
 * </ol>
 * Not thread-safe: one instance per reading; it keeps one entry per mapped binary and one symbol table per
 * binary path.
 */
public final class AddressNames {
    /** Finds the symbols of the binary a trace names by its path on the traced machine. */
    @FunctionalInterface
    public interface BinaryLookup {
        /** The symbols of the binary at {@code path}; null when it is not here or has none. */
        ElfSymbols symbols(String path);
    }

    private record Binary(long baddr, long memsz, String path, String fileName, boolean pic) {
    }

    private final BinaryLookup lookup;
    private final Map<Long, TreeMap<Long, Binary>> binariesByVpid = new HashMap<>();
    private final Map<String, ElfSymbols> symbolsByPath = new HashMap<>();
    private final Map<String, Boolean> looked = new HashMap<>();
    private final Set<String> missing = new TreeSet<>();

    /** Names addresses with the symbols {@code lookup} finds; {@link #noBinaries()} for none. */
    public AddressNames(BinaryLookup lookup) {
        this.lookup = lookup;
    }

    /** A lookup that reads each binary from this machine's file system at the path the trace names. */
    public static BinaryLookup fileSystem() {
        return fileSystem(Optional.empty());
    }

    /**
     * A lookup that reads each binary from this machine's file system: at the path the trace names, or with a
     * {@code root}, at that path under it ({@code /usr/lib/libc.so.6} is {@code ROOT/usr/lib/libc.so.6}), as
     * perf's {@code --symfs} and babeltrace2's {@code --debug-info-target-prefix} look; never both.
     */
    public static BinaryLookup fileSystem(Optional<Path> root) {
        return path -> {
            try {
                Path p = Path.of(path);
                if (!p.isAbsolute()) {
                    return null;
                }
                if (root.isPresent()) {
                    p = root.get().resolve(p.getRoot().relativize(p));
                }
                if (!Files.isRegularFile(p)) {
                    return null;
                }
                return ElfSymbols.read(p);
            } catch (IOException | InvalidPathException e) {
                return null;
            }
        };
    }

    /** A lookup that finds no binary: addresses are named by binary and offset, or in hex. */
    public static BinaryLookup noBinaries() {
        return path -> null;
    }

    /**
     * A binary mapped in process {@code vpid} at {@code baddr} for {@code memsz} bytes, from the file at
     * {@code path}; {@code pic} when it is position-independent (its symbols are relative to {@code baddr}).
     */
    public void binary(long vpid, long baddr, long memsz, String path, boolean pic) {
        if (path == null || memsz <= 0) {
            return;
        }
        int slash = path.lastIndexOf('/');
        String fileName = slash >= 0 ? path.substring(slash + 1) : path;
        binariesByVpid.computeIfAbsent(vpid, v -> new TreeMap<>())
                .put(baddr, new Binary(baddr, memsz, path, fileName, pic));
    }

    /** Records the binary of a {@code bin_info} or {@code dlopen} event; other events are ignored. */
    public void accept(LttngEventView event, long vpid) {
        if (!event.has("baddr") || !event.has("memsz") || !event.has("path")) {
            return;
        }
        boolean pic = !event.has("is_pic") || event.integer("is_pic") != 0;
        binary(vpid, event.integer("baddr"), event.integer("memsz"), event.string("path"), pic);
    }

    /** The name of the function at {@code address} in process {@code vpid}: a region's name. */
    public String function(long vpid, long address) {
        return name(vpid, address, false);
    }

    /** The name of the code location {@code address} in process {@code vpid}, with its offset: a callsite. */
    public String callsite(long vpid, long address) {
        return name(vpid, address, true);
    }

    private String name(long vpid, long address, boolean withOffset) {
        Binary b = binaryAt(vpid, address);
        if (b == null) {
            return "0x" + Long.toHexString(address);
        }
        ElfSymbols symbols = symbols(b.path());
        long inFile = b.pic() ? address - b.baddr() : address;
        if (symbols != null) {
            String name = symbols.name(inFile, withOffset);
            if (name != null) {
                return name;
            }
        }
        return b.pic() ? b.fileName() + "+" + hashHex(address - b.baddr()) : b.fileName() + "@" + hashHex(address);
    }

    /** C's {@code %#x}: {@code 0x} and lower-case hex digits, but a bare {@code 0} for zero. */
    private static String hashHex(long value) {
        return value == 0 ? "0" : "0x" + Long.toHexString(value);
    }

    private Binary binaryAt(long vpid, long address) {
        TreeMap<Long, Binary> binaries = binariesByVpid.get(vpid);
        if (binaries == null) {
            return null;
        }
        Map.Entry<Long, Binary> e = binaries.floorEntry(address);
        if (e == null) {
            return null;
        }
        Binary b = e.getValue();
        return address - b.baddr() < b.memsz() ? b : null;
    }

    private ElfSymbols symbols(String path) {
        if (looked.containsKey(path)) {
            return symbolsByPath.get(path);
        }
        looked.put(path, Boolean.TRUE);
        ElfSymbols symbols = lookup.symbols(path);
        if (symbols != null) {
            symbolsByPath.put(path, symbols);
        } else {
            missing.add(path);
        }
        return symbols;
    }

    /** The binaries an address was looked up in but whose symbols were not found, by their traced paths. */
    public Set<String> missingBinaries() {
        return missing;
    }
}
