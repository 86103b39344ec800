package dev.ppw.cli;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The independent tools the pprof tests check ppw-java against: {@code go tool pprof -top} (per function, flat and
 * cumulative) and {@code protoc --decode} with google/pprof's own profile.proto, and the same per-function
 * figures taken from ppw-java's flat view as CSV.
 */
final class PprofTools {
    static final Path PROTO_DIR = Path.of("src/test/resources/pprof");
    private static final Pattern TOP_LINE = Pattern.compile(
            "\\s*(-?[0-9.]+)([a-zA-Z]*)\\s+-?[0-9.]+%\\s+-?[0-9.]+%\\s+(-?[0-9.]+)([a-zA-Z]*)\\s+-?[0-9.]+%\\s+(.+)");

    private PprofTools() {
    }

    /** Whether {@code command} runs here (its {@code --version} or {@code version} exits 0). */
    static boolean available(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static boolean hasGo() {
        return available("go", "version");
    }

    static boolean hasProtoc() {
        return available("protoc", "--version");
    }

    /** Runs {@code command} with {@code stdin}, returns its stdout; fails on a non-zero exit. */
    static String run(byte[] stdin, String... command) {
        try {
            ProcessBuilder b = new ProcessBuilder(command);
            b.redirectError(ProcessBuilder.Redirect.DISCARD);
            Process p = b.start();
            p.getOutputStream().write(stdin);
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " failed:\n" + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * {@code go tool pprof -top} of {@code file} for sample type {@code index}, every function (no node dropped):
     * function name to {flat, cumulative}, in the type's unit ({@code unit} is pprof's {@code -unit}, or null).
     * Functions of one name are added up.
     */
    static Map<String, long[]> goTop(Path file, String index, String unit) {
        return goTop(file, index, unit, null);
    }

    /**
     * As {@link #goTop(Path, String, String)}, by address ({@code -addresses}) when {@code mappingStarts} is not
     * null: for a profile without symbols, each address named as ppw-java names it, its binary's file name and
     * offset ({@code mappingStarts} gives each binary's memory start; file offsets are 0 in the test profiles),
     * else the address.
     */
    static Map<String, long[]> goTop(Path file, String index, String unit, Map<String, Long> mappingStarts) {
        return goTop(file, index, unit, mappingStarts, List.of());
    }

    /** As {@link #goTop(Path, String, String, Map)}, with pprof's {@code options} too ({@code -focus=main}). */
    static Map<String, long[]> goTop(Path file, String index, String unit, Map<String, Long> mappingStarts,
                                     List<String> options) {
        List<String> cmd = new ArrayList<>(List.of("go", "tool", "pprof", "-top", "-nodecount=1000000",
                "-nodefraction=0", "-edgefraction=0", "-symbolize=none", "-sample_index=" + index));
        cmd.addAll(options);
        if (unit != null) {
            cmd.add("-unit=" + unit);
        }
        if (mappingStarts != null) {
            cmd.add("-addresses");
        }
        cmd.add(file.toString());
        String out = run(new byte[0], cmd.toArray(String[]::new));
        Map<String, long[]> top = new TreeMap<>();
        boolean table = false;
        for (String line : out.lines().toList()) {
            if (line.trim().startsWith("flat  flat%")) {
                table = true;
                continue;
            }
            if (!table) {
                continue;
            }
            Matcher m = TOP_LINE.matcher(line);
            if (!m.matches()) {
                throw new AssertionError("not a line of go tool pprof -top: " + line);
            }
            String name = m.group(5).strip();
            if (name.endsWith(" (inline)")) {
                name = name.substring(0, name.length() - " (inline)".length());
            }
            if (mappingStarts != null) {
                String[] f = name.split(" ", 2);
                long address = Long.parseUnsignedLong(f[0], 16);
                String binary = f[1].startsWith("[") ? f[1].substring(1, f[1].length() - 1) : "";
                Long start = mappingStarts.get(binary);
                name = start == null ? "0x" + Long.toHexString(address) : binary + "+0x" + Long.toHexString(address - start);
            }
            long[] v = top.computeIfAbsent(name, k -> new long[2]);
            v[0] += Long.parseLong(m.group(1));
            v[1] += Long.parseLong(m.group(3));
        }
        return nonZero(top);
    }

    /**
     * ppw-java's flat view of {@code args} (a profile or merge command line without view and format): region to
     * {exclusive, inclusive} of columns {@code exclusiveColumn} and {@code inclusiveColumn} (the same column for
     * calls, given once as each).
     */
    static Map<String, long[]> ours(List<String> args, String exclusiveColumn, String inclusiveColumn) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--view", "flat", "--format", "csv"));
        Cli r = Cli.run(all.toArray(String[]::new));
        if (r.exit() != 0) {
            throw new AssertionError(r.toString());
        }
        Map<String, long[]> flat = new TreeMap<>();
        for (CSVRecord rec : csv(r.out())) {
            long[] v = flat.computeIfAbsent(rec.get("path"), k -> new long[2]);
            v[0] += Long.parseLong(rec.get(exclusiveColumn));
            v[1] += Long.parseLong(rec.get(inclusiveColumn));
        }
        return nonZero(flat);
    }

    static List<CSVRecord> csv(String text) {
        try (CSVParser p = CSVParser.parse(new StringReader(text),
                CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build())) {
            return p.getRecords();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, long[]> nonZero(Map<String, long[]> m) {
        m.values().removeIf(v -> v[0] == 0 && v[1] == 0);
        return m;
    }

    /** A map of {flat, cum} pairs as text, for assertions that show the difference. */
    static String text(Map<String, long[]> m) {
        StringBuilder b = new StringBuilder();
        m.forEach((k, v) -> b.append(k).append(' ').append(v[0]).append(' ').append(v[1]).append('\n'));
        return b.toString();
    }

    /**
     * {@code protoc --decode=perftools.profiles.Profile} of the gzipped profile {@code file}: per sample type
     * (type string) the sum of the samples' values, and under key {@code "#functions"} nothing but the count of
     * functions in index 0.
     */
    static Decoded protocDecode(Path file) throws IOException {
        byte[] raw;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(Files.readAllBytes(file)))) {
            raw = in.readAllBytes();
        }
        String text = run(raw, "protoc", "--decode=perftools.profiles.Profile", "--proto_path=" + PROTO_DIR,
                PROTO_DIR.resolve("profile.proto").toString());
        List<String> strings = new ArrayList<>();
        List<long[]> types = new ArrayList<>();
        List<Long> sums = new ArrayList<>();
        List<Long> functionNames = new ArrayList<>();
        long defaultType = 0;
        String block = "";
        int valueIndex = 0;
        long typeIndex = 0;
        for (String line : text.lines().toList()) {
            String t = line.strip();
            if (line.endsWith("{") && !line.startsWith(" ")) {
                block = t.substring(0, t.length() - 2);
                valueIndex = 0;
                continue;
            }
            if (t.startsWith("string_table: ")) {
                strings.add(unquote(t.substring("string_table: ".length())));
            } else if (t.startsWith("default_sample_type: ")) {
                defaultType = Long.parseLong(t.substring("default_sample_type: ".length()));
            } else if (block.equals("sample_type") && t.startsWith("type: ")) {
                typeIndex = Long.parseLong(t.substring(6));
            } else if (block.equals("sample_type") && t.startsWith("unit: ")) {
                types.add(new long[] {typeIndex, Long.parseLong(t.substring(6))});
                sums.add(0L);
            } else if (block.equals("sample") && t.startsWith("value: ")) {
                sums.set(valueIndex, sums.get(valueIndex) + Long.parseLong(t.substring(7)));
                valueIndex++;
            } else if (block.equals("function") && t.startsWith("name: ")) {
                functionNames.add(Long.parseLong(t.substring(6)));
            }
        }
        Map<String, Long> totals = new TreeMap<>();
        Map<String, String> units = new TreeMap<>();
        for (int i = 0; i < types.size(); i++) {
            String type = strings.get((int) types.get(i)[0]);
            totals.put(type, sums.get(i));
            units.put(type, strings.get((int) types.get(i)[1]));
        }
        List<String> functions = functionNames.stream().map(i -> strings.get(i.intValue())).sorted().toList();
        return new Decoded(totals, units, functions, strings.get((int) defaultType));
    }

    /** What protoc decoded: totals and units per sample type, function names sorted, the default type. */
    record Decoded(Map<String, Long> totals, Map<String, String> units, List<String> functions, String defaultType) {
    }

    /** protoc's text format quoting: C escapes, octal bytes of UTF-8. */
    private static String unquote(String quoted) {
        String s = quoted.substring(1, quoted.length() - 1);
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                b.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            char e = s.charAt(++i);
            if (e >= '0' && e <= '7') {
                int v = 0;
                int n = 0;
                while (n < 3 && i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '7') {
                    v = v * 8 + (s.charAt(i++) - '0');
                    n++;
                }
                i--;
                b.write(v);
            } else {
                b.write(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    default -> e;
                });
            }
        }
        return b.toString(StandardCharsets.UTF_8);
    }
}
