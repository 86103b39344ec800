package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A parser of the TSDL (CTF 1.8 metadata) that LTTng writes: type aliases and typedefs, named structs,
 * enums and variants, and the {@code trace}, {@code env}, {@code clock}, {@code stream} and {@code event}
 * blocks ({@code callsite} blocks are read past). Errors are {@link BadInputException}s naming the metadata
 * file and the line and column of the text.
 */
final class Tsdl {
    /** Nesting beyond this is garbage, not metadata: refused rather than overflowing the stack. */
    private static final int MAX_DEPTH = 64;

    private enum Kind { IDENT, NUMBER, STRING, PUNCT, END }

    private record Token(Kind kind, String text, int line, int column) {
    }

    private final String fileName;
    private int depth;
    /** The first token of the value being assigned in a block, for messages about it. */
    private Token valueToken;

    private final Map<String, CtfType> aliases = new HashMap<>();
    private final Map<String, CtfType> structs = new HashMap<>();
    private final Map<String, CtfType> enums = new HashMap<>();
    private final Map<String, CtfType> variants = new HashMap<>();

    private String byteOrder;
    private Object packetHeader;
    /** Where the trace block starts ({@code LINE:COLUMN}), "1:1" when there is none. */
    private String tracePlace = "1:1";
    /** The trace block's {@code uuid} (null: none), and its version with where the major is written. */
    private String traceUuid;
    private Long major;
    private Long minor;
    private String majorPlace;
    private final Map<String, CtfMetadata.Clock> clocks = new LinkedHashMap<>();
    private final Map<Long, CtfMetadata.StreamClass> streams = new LinkedHashMap<>();
    private final List<CtfMetadata.EventClass> events = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();

    private Tsdl(String fileName, String text) {
        this.fileName = fileName;
        this.src = text;
        this.current = lex();
    }

    /**
     * The metadata {@code text} declares; {@code fileName} names it in messages. {@code packetOrderLittle} is
     * the byte order the metadata packets showed (null for text metadata): it stands for the trace's when the
     * {@code trace} block says none.
     */
    static CtfMetadata parse(String fileName, String text, Boolean packetOrderLittle) {
        Tsdl p = new Tsdl(fileName, text);
        p.topLevel();
        return p.build(packetOrderLittle);
    }

    // ---- lexer: one token ahead, so that memory does not grow with the metadata ----

    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;
    private Token current;

    private Token lex() {
        String s = src;
        int n = s.length();
        while (pos < n) {
            char c = s.charAt(pos);
            if (c == '\n') {
                line++;
                lineStart = ++pos;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0) {
                pos++;
                continue;
            }
            int column = pos - lineStart + 1;
            if (c == '/' && pos + 1 < n && s.charAt(pos + 1) == '*') {
                int close = s.indexOf("*/", pos + 2);
                if (close < 0) {
                    throw error(line, column, "a comment that never ends");
                }
                for (int k = pos; k < close; k++) {
                    if (s.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                pos = close + 2;
                continue;
            }
            if (c == '/' && pos + 1 < n && s.charAt(pos + 1) == '/') {
                while (pos < n && s.charAt(pos) != '\n') {
                    pos++;
                }
                continue;
            }
            int start = pos;
            if (Character.isLetter(c) || c == '_') {
                while (pos < n && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_')) {
                    pos++;
                }
                return new Token(Kind.IDENT, s.substring(start, pos), line, column);
            }
            if (c >= '0' && c <= '9') {
                while (pos < n && Character.isLetterOrDigit(s.charAt(pos))) {
                    pos++;
                }
                return new Token(Kind.NUMBER, s.substring(start, pos), line, column);
            }
            if (c == '"' || c == '\'') {
                StringBuilder b = new StringBuilder();
                pos++;
                while (true) {
                    if (pos >= n || s.charAt(pos) == '\n') {
                        throw error(line, column, "a string that never ends");
                    }
                    char d = s.charAt(pos++);
                    if (d == c) {
                        break;
                    }
                    if (d == '\\' && pos < n) {
                        char e = s.charAt(pos++);
                        b.append(switch (e) {
                            case 'n' -> '\n';
                            case 't' -> '\t';
                            case '0' -> '\0';
                            default -> e;
                        });
                    } else {
                        b.append(d);
                    }
                }
                return new Token(Kind.STRING, b.toString(), line, column);
            }
            if (s.startsWith(":=", pos) || s.startsWith("...", pos) || s.startsWith("->", pos)) {
                int len = s.startsWith("...", pos) ? 3 : 2;
                pos += len;
                return new Token(Kind.PUNCT, s.substring(start, pos), line, column);
            }
            if ("{}[]()<>;:=,.-+*".indexOf(c) >= 0) {
                pos++;
                return new Token(Kind.PUNCT, String.valueOf(c), line, column);
            }
            throw error(line, column, "unexpected character '" + (c < 32 || c > 126
                    ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c)) + "'");
        }
        return new Token(Kind.END, "end of metadata", line, pos - lineStart + 1);
    }

    private BadInputException error(int line, int column, String problem) {
        return new BadInputException(fileName + ":" + line + ":" + column + ": bad CTF metadata: " + problem);
    }

    private BadInputException error(Token t, String problem) {
        return error(t.line(), t.column(), problem);
    }

    // ---- token helpers ----

    private Token peek() {
        return current;
    }

    private Token next() {
        Token t = current;
        if (t.kind() != Kind.END) {
            current = lex();
        }
        return t;
    }

    private boolean is(String punctOrWord) {
        Token t = peek();
        return (t.kind() == Kind.PUNCT || t.kind() == Kind.IDENT) && t.text().equals(punctOrWord);
    }

    private boolean accept(String punctOrWord) {
        if (is(punctOrWord)) {
            next();
            return true;
        }
        return false;
    }

    private void expect(String punctOrWord) {
        if (!accept(punctOrWord)) {
            Token t = peek();
            throw error(t, "expected '" + punctOrWord + "', found '" + t.text() + "'");
        }
    }

    private String ident() {
        Token t = next();
        if (t.kind() != Kind.IDENT) {
            throw error(t, "expected a name, found '" + t.text() + "'");
        }
        return t.text();
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error(peek(), "declarations nested more than " + MAX_DEPTH + " deep");
        }
    }

    // ---- top level ----

    private void topLevel() {
        while (peek().kind() != Kind.END) {
            if (accept(";")) {
                continue;
            }
            Token t = peek();
            String word = t.kind() == Kind.IDENT ? t.text() : "";
            switch (word) {
                case "typealias" -> typealias();
                case "typedef" -> typedef();
                case "trace" -> {
                    tracePlace = t.line() + ":" + t.column();
                    block(this::traceEntry);
                }
                case "env" -> block(this::envEntry);
                case "clock" -> clockBlock();
                case "stream" -> streamBlock();
                case "event" -> eventBlock();
                case "callsite" -> block((key, value) -> { });
                case "struct", "enum", "variant", "integer", "floating_point", "string" -> {
                    typeSpecifier();
                    expect(";");
                }
                default -> throw error(t, "expected a declaration (trace, stream, event, typealias...), found '"
                        + t.text() + "'");
            }
        }
    }

    private void typealias() {
        expect("typealias");
        CtfType type = typeSpecifier();
        expect(":=");
        aliases.put(aliasName(), type);
        expect(";");
    }

    private void typedef() {
        expect("typedef");
        CtfType type = typeSpecifier();
        List<String> words = new ArrayList<>();
        while (peek().kind() == Kind.IDENT) {
            words.add(next().text());
        }
        if (words.isEmpty()) {
            throw error(peek(), "a typedef without a name");
        }
        aliases.put(String.join(" ", words), dimensions(type));
        expect(";");
    }

    private String aliasName() {
        List<String> words = new ArrayList<>();
        while (peek().kind() == Kind.IDENT) {
            words.add(next().text());
        }
        if (words.isEmpty()) {
            throw error(peek(), "a type alias without a name");
        }
        return String.join(" ", words);
    }

    /** A value assignment {@code key = value;} or a type assignment {@code key := type;} inside a block. */
    private interface Entry {
        void take(String key, Object value);
    }

    /** Reads {@code word { entries };}, handing each assignment to {@code entry} (types as {@link CtfType}). */
    private void block(Entry entry) {
        next();
        expect("{");
        enter();
        while (!accept("}")) {
            if (peek().kind() == Kind.END) {
                throw error(peek(), "a block that never closes");
            }
            if (accept(";")) {
                continue;
            }
            if (is("typealias")) {
                typealias();
                continue;
            }
            StringBuilder key = new StringBuilder(ident());
            while (accept(".")) {
                key.append('.').append(ident());
            }
            if (accept(":=")) {
                entry.take(key.toString(), typeSpecifier());
            } else {
                expect("=");
                valueToken = peek();
                entry.take(key.toString(), value());
            }
            expect(";");
        }
        depth--;
        expect(";");
    }

    /** A value: a number (as Long), a string, or words joined by dots ({@code clock.monotonic.value}). */
    private Object value() {
        Token t = peek();
        if (t.kind() == Kind.STRING) {
            return next().text();
        }
        if (is("-") || is("+") || t.kind() == Kind.NUMBER) {
            return number();
        }
        StringBuilder b = new StringBuilder(ident());
        while (accept(".")) {
            b.append('.').append(ident());
        }
        return b.toString();
    }

    private long number() {
        boolean negative = false;
        if (accept("-")) {
            negative = true;
        } else {
            accept("+");
        }
        Token t = next();
        if (t.kind() != Kind.NUMBER) {
            throw error(t, "expected a number, found '" + t.text() + "'");
        }
        String s = t.text().toLowerCase(Locale.ROOT);
        while (s.endsWith("u") || s.endsWith("l")) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            long v;
            if (s.startsWith("0x")) {
                v = Long.parseUnsignedLong(s.substring(2), 16);
            } else if (s.startsWith("0b")) {
                v = Long.parseUnsignedLong(s.substring(2), 2);
            } else if (s.length() > 1 && s.startsWith("0")) {
                v = Long.parseUnsignedLong(s.substring(1), 8);
            } else {
                v = Long.parseUnsignedLong(s);
            }
            return negative ? -v : v;
        } catch (NumberFormatException e) {
            throw error(t, "not a number: '" + t.text() + "'");
        }
    }

    private static long asLong(Token at, Object value, Tsdl p) {
        if (value instanceof Long l) {
            return l;
        }
        throw p.error(at, "expected a number, found '" + value + "'");
    }

    private void traceEntry(String key, Object value) {
        switch (key) {
            case "byte_order" -> {
                byteOrder = String.valueOf(value);
                order(valueToken, value);
            }
            case "packet.header" -> packetHeader = value;
            case "uuid" -> traceUuid = String.valueOf(value);
            case "major" -> {
                major = asLong(valueToken, value, this);
                majorPlace = valueToken.line() + ":" + valueToken.column();
            }
            case "minor" -> minor = asLong(valueToken, value, this);
            default -> { }
        }
    }

    private void envEntry(String key, Object value) {
        env.put(key, String.valueOf(value));
    }

    private void clockBlock() {
        Token start = peek();
        Map<String, Object> values = new HashMap<>();
        block(values::put);
        String name = String.valueOf(values.getOrDefault("name", ""));
        long freq = values.containsKey("freq") ? asLong(start, values.get("freq"), this) : 1_000_000_000L;
        if (freq <= 0) {
            throw error(start, "clock " + name + " has frequency " + freq + " Hz");
        }
        long offsetSeconds = values.containsKey("offset_s") ? asLong(start, values.get("offset_s"), this) : 0;
        long offsetCycles = values.containsKey("offset") ? asLong(start, values.get("offset"), this) : 0;
        clocks.put(name, new CtfMetadata.Clock(name, freq, offsetSeconds, offsetCycles));
    }

    private void streamBlock() {
        Token start = peek();
        Map<String, Object> values = new HashMap<>();
        block(values::put);
        long id = values.containsKey("id") ? asLong(start, values.get("id"), this) : 0;
        streams.put(id, new CtfMetadata.StreamClass(id, struct(start, values.get("packet.context")),
                struct(start, values.get("event.header")), struct(start, values.get("event.context")),
                start.line() + ":" + start.column()));
    }

    private void eventBlock() {
        Token start = peek();
        Map<String, Object> values = new HashMap<>();
        block(values::put);
        Object name = values.get("name");
        long id = values.containsKey("id") ? asLong(start, values.get("id"), this) : 0;
        long streamId = values.containsKey("stream_id") ? asLong(start, values.get("stream_id"), this) : 0;
        events.add(new CtfMetadata.EventClass(name == null ? "" : String.valueOf(name), id, streamId,
                struct(start, values.get("context")), struct(start, values.get("fields")),
                start.line() + ":" + start.column()));
    }

    private CtfType.Struct struct(Token at, Object type) {
        if (type == null) {
            return null;
        }
        if (type instanceof CtfType.Struct s) {
            return s;
        }
        throw error(at, "a scope that is not a struct");
    }

    // ---- types ----

    private CtfType typeSpecifier() {
        enter();
        try {
            while (accept("const") || accept("volatile")) {
                // qualifiers change nothing a reader sees
            }
            Token t = peek();
            if (t.kind() != Kind.IDENT) {
                throw error(t, "expected a type, found '" + t.text() + "'");
            }
            return switch (t.text()) {
                case "integer" -> integer();
                case "floating_point" -> floatingPoint();
                case "string" -> string();
                case "enum" -> enumeration();
                case "struct" -> structure();
                case "variant" -> variant();
                default -> {
                    String name = aliasName();
                    CtfType type = aliases.get(name);
                    if (type == null) {
                        throw error(t, "unknown type '" + name + "'");
                    }
                    yield type;
                }
            };
        } finally {
            depth--;
        }
    }

    private Map<String, Object> attributes() {
        Map<String, Object> values = new HashMap<>();
        expect("{");
        while (!accept("}")) {
            if (accept(";")) {
                continue;
            }
            String key = ident();
            expect("=");
            values.put(key, value());
            if (!is("}")) {
                expect(";");
            }
        }
        return values;
    }

    private CtfType.Order order(Token at, Object value) {
        if (value == null) {
            return CtfType.Order.NATIVE;
        }
        return switch (String.valueOf(value)) {
            case "le" -> CtfType.Order.LITTLE;
            case "be", "network" -> CtfType.Order.BIG;
            case "native" -> CtfType.Order.NATIVE;
            default -> throw error(at, "unknown byte order '" + value + "'");
        };
    }

    private CtfType.Int integer() {
        Token t = next();
        Map<String, Object> a = attributes();
        long size = a.containsKey("size") ? asLong(t, a.get("size"), this) : -1;
        if (size < 1 || size > 64) {
            throw error(t, "an integer of " + (size < 0 ? "no" : String.valueOf(size)) + " bits (1 to 64 read)");
        }
        long align = a.containsKey("align") ? asLong(t, a.get("align"), this) : (size % 8 == 0 ? 8 : 1);
        checkAlign(t, align);
        Object signed = a.getOrDefault("signed", 0L);
        boolean isSigned = signed.equals(1L) || "true".equals(signed) || "TRUE".equals(signed);
        Object encoding = a.get("encoding");
        boolean text = encoding != null && !"none".equalsIgnoreCase(String.valueOf(encoding));
        String clock = null;
        if (a.get("map") instanceof String map) {
            String[] parts = map.split("\\.");
            if (parts.length == 3 && parts[0].equals("clock") && parts[2].equals("value")) {
                clock = parts[1];
            }
        }
        return new CtfType.Int((int) size, (int) align, isSigned, order(t, a.get("byte_order")), text, clock);
    }

    private void checkAlign(Token t, long align) {
        if (align < 1 || align > 1 << 16 || Long.bitCount(align) != 1) {
            throw error(t, "an alignment of " + align + " bits (a power of two is expected)");
        }
    }

    private CtfType.Float floatingPoint() {
        Token t = next();
        Map<String, Object> a = attributes();
        long exp = a.containsKey("exp_dig") ? asLong(t, a.get("exp_dig"), this) : 0;
        long mant = a.containsKey("mant_dig") ? asLong(t, a.get("mant_dig"), this) : 0;
        long size = exp + mant;
        if (size != 32 && size != 64) {
            throw error(t, "a floating point of " + size + " bits (32 or 64 read)");
        }
        long align = a.containsKey("align") ? asLong(t, a.get("align"), this) : 8;
        checkAlign(t, align);
        return new CtfType.Float((int) size, (int) align, order(t, a.get("byte_order")));
    }

    private CtfType.Str string() {
        next();
        if (is("{")) {
            attributes();
        }
        return new CtfType.Str();
    }

    private CtfType enumeration() {
        Token t = next();
        String name = peek().kind() == Kind.IDENT ? next().text() : null;
        CtfType container = null;
        if (accept(":")) {
            container = typeSpecifier();
        }
        if (!is("{")) {
            CtfType known = name == null ? null : enums.get(name);
            if (known == null) {
                throw error(t, "unknown enum '" + name + "'");
            }
            return known;
        }
        if (container == null) {
            container = aliases.get("int");
        }
        if (!(container instanceof CtfType.Int base)) {
            throw error(t, "an enum whose container is not an integer");
        }
        next();
        List<CtfType.Mapping> mappings = new ArrayList<>();
        long nextValue = 0;
        while (!accept("}")) {
            Token labelToken = next();
            if (labelToken.kind() != Kind.IDENT && labelToken.kind() != Kind.STRING) {
                throw error(labelToken, "expected an enum label, found '" + labelToken.text() + "'");
            }
            long low = nextValue;
            long high = nextValue;
            if (accept("=")) {
                low = number();
                high = accept("...") ? number() : low;
            }
            mappings.add(new CtfType.Mapping(labelToken.text(), low, high));
            nextValue = high + 1;
            if (!is("}")) {
                expect(",");
            }
        }
        CtfType.Enum e = new CtfType.Enum(base, List.copyOf(mappings));
        if (name != null) {
            enums.put(name, e);
        }
        return e;
    }

    private CtfType structure() {
        Token t = next();
        String name = peek().kind() == Kind.IDENT && !is("align") ? next().text() : null;
        if (!is("{")) {
            CtfType known = name == null ? null : structs.get(name);
            if (known == null) {
                throw error(t, "unknown struct '" + name + "'");
            }
            return known;
        }
        List<CtfType.Field> fields = fields();
        long align = 1;
        if (accept("align")) {
            expect("(");
            align = number();
            expect(")");
            checkAlign(t, align);
        }
        CtfType.Struct s = new CtfType.Struct(fields, (int) align);
        if (name != null) {
            structs.put(name, s);
        }
        return s;
    }

    private CtfType variant() {
        Token t = next();
        String name = peek().kind() == Kind.IDENT ? next().text() : null;
        String tag = null;
        if (accept("<")) {
            StringBuilder b = new StringBuilder(ident());
            while (accept(".")) {
                b.append('.').append(ident());
            }
            expect(">");
            tag = b.toString();
        }
        if (!is("{")) {
            CtfType known = name == null ? null : variants.get(name);
            if (!(known instanceof CtfType.Variant v)) {
                throw error(t, "unknown variant '" + name + "'");
            }
            return tag == null ? v : new CtfType.Variant(tag, v.options());
        }
        CtfType.Variant v = new CtfType.Variant(tag, fields());
        if (name != null) {
            variants.put(name, v);
        }
        if (tag == null && name == null) {
            throw error(t, "a variant without a tag");
        }
        return v;
    }

    /** {@code { type name; type name[3]; type name[len]; ... }}. */
    private List<CtfType.Field> fields() {
        expect("{");
        List<CtfType.Field> fields = new ArrayList<>();
        while (!accept("}")) {
            if (peek().kind() == Kind.END) {
                throw error(peek(), "a struct that never closes");
            }
            if (accept(";")) {
                continue;
            }
            if (is("typealias")) {
                typealias();
                continue;
            }
            if (is("typedef")) {
                typedef();
                continue;
            }
            CtfType type;
            String name;
            if (peek().kind() == Kind.IDENT && !isTypeKeyword(peek().text())) {
                List<Token> words = new ArrayList<>();
                while (peek().kind() == Kind.IDENT) {
                    words.add(next());
                }
                if (words.size() < 2) {
                    throw error(words.get(0), "a field without a type or a name");
                }
                String typeName = String.join(" ", words.subList(0, words.size() - 1).stream().map(Token::text)
                        .toList());
                type = aliases.get(typeName);
                if (type == null) {
                    throw error(words.get(0), "unknown type '" + typeName + "'");
                }
                name = words.get(words.size() - 1).text();
            } else {
                type = typeSpecifier();
                name = ident();
            }
            fields.add(new CtfType.Field(name, dimensions(type)));
            while (accept(",")) {
                fields.add(new CtfType.Field(ident(), dimensions(type)));
            }
            expect(";");
        }
        return List.copyOf(fields);
    }

    private static boolean isTypeKeyword(String word) {
        return switch (word) {
            case "integer", "floating_point", "string", "enum", "struct", "variant", "const", "volatile" -> true;
            default -> false;
        };
    }

    /** The array and sequence suffixes after a declarator ({@code [16]}, {@code [len]}), outermost first. */
    private CtfType dimensions(CtfType element) {
        List<Object> lengths = new ArrayList<>();
        while (accept("[")) {
            Token t = peek();
            if (t.kind() == Kind.NUMBER) {
                long n = number();
                if (n < 0) {
                    throw error(t, "an array of " + n + " elements");
                }
                lengths.add(n);
            } else {
                StringBuilder b = new StringBuilder(ident());
                while (accept(".")) {
                    b.append('.').append(ident());
                }
                lengths.add(b.toString());
            }
            expect("]");
        }
        CtfType type = element;
        for (int i = lengths.size() - 1; i >= 0; i--) {
            type = lengths.get(i) instanceof Long n ? new CtfType.Array(type, n)
                    : new CtfType.Sequence(type, (String) lengths.get(i));
        }
        return type;
    }

    private CtfMetadata build(Boolean packetOrderLittle) {
        if (major != null && major != 1) {
            // CTF 2 is JSON, not TSDL; another major of TSDL would be a layout no one has defined.
            throw new BadInputException(fileName + ":" + majorPlace + ": CTF metadata version " + major + "."
                    + (minor == null ? "?" : minor) + ": ppw-java reads CTF 1.8 (trace.major = 1) only");
        }
        boolean little;
        if (byteOrder == null || byteOrder.equals("native")) {
            little = packetOrderLittle == null || packetOrderLittle;
        } else {
            little = switch (byteOrder) {
                case "le" -> true;
                case "be", "network" -> false;
                default -> throw new BadInputException(fileName + ":" + tracePlace + ": bad CTF metadata: trace"
                        + " byte_order '" + byteOrder + "'");
            };
        }
        if (packetHeader != null && !(packetHeader instanceof CtfType.Struct)) {
            throw new BadInputException(fileName + ":" + tracePlace + ": bad CTF metadata: trace.packet.header is"
                    + " not a struct");
        }
        Map<Long, CtfMetadata.StreamClass> streamClasses = new LinkedHashMap<>(streams);
        if (streamClasses.isEmpty()) {
            streamClasses.put(0L, new CtfMetadata.StreamClass(0, null, null, null, tracePlace));
        }
        return new CtfMetadata(little, (CtfType.Struct) packetHeader, tracePlace, Map.copyOf(clocks), streamClasses,
                List.copyOf(events), env, traceUuid);
    }

    /** The text of metadata bytes as UTF-8; NUL padding is read as blanks by the lexer. */
    static String text(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.UTF_8);
    }
}
