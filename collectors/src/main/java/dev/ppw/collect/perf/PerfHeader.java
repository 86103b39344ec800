package dev.ppw.collect.perf;

/**
 * The header line of one {@code perf script} sample, split into the fields perf prints, always in this order
 * whatever order {@code -F} named them in: comm (which may hold spaces), {@code pid/tid} or one number (the
 * tid in perf's default layout), {@code [cpu]}, the time in seconds ending in {@code :}, the period, the event
 * ending in {@code :}, and for a sample without a call graph its one frame ({@code ip sym+off (dso)}).
 * Without a time, a lone number is the tid (perf's default layout), unless it starts the line right-aligned to
 * the tenth column as perf prints a period ({@code -F period,event}).
 * Every field may be missing. A number after the time is the period when an event, the end of the line, or
 * an address and a symbol follow it; else it is the address of the one frame ({@code -F tid,ip,sym}).
 *
 * @param comm       the command, {@code ""} when not printed
 * @param pid        {@code ""} unless printed as {@code pid/tid}
 * @param tid        the tid, {@code ""} when not printed
 * @param timeNanos  the time in nanoseconds, or -1 when not printed
 * @param period     the period, or -1 when not printed
 * @param event      the event field as printed without its final colon, {@code ""} when not printed
 * @param frameFrom  where the rest of the line (the one frame of a sample without a call graph, or a
 *                   tracepoint's fields) starts, {@code line.length()} when nothing follows
 */
record PerfHeader(String comm, String pid, String tid, long timeNanos, long period, String event, int frameFrom) {
    private static final int MAX_FRACTION_DIGITS = 9;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int PERIOD_WIDTH = 10;
    private static final int MAX_TID_DIGITS = 7;

    /**
     * The header {@code line} (no line end), or null when it is none: no time, pid or event where perf puts
     * them. {@code problem[0]} then says why, {@code problem[1]} the column (from 1).
     */
    static PerfHeader parse(String line, Object[] problem) {
        int n = line.length();
        int[] starts = new int[16];
        int[] ends = new int[16];
        int count = 0;
        for (int i = 0; i < n; ) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == n) {
                break;
            }
            int s = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (count == starts.length) {
                starts = java.util.Arrays.copyOf(starts, 2 * count);
                ends = java.util.Arrays.copyOf(ends, 2 * count);
            }
            starts[count] = s;
            ends[count] = i;
            count++;
        }
        if (count == 0) {
            return fail(problem, "an empty sample header", 1);
        }
        int time = -1;
        for (int k = 0; k < count; k++) {
            if (isTime(line, starts[k], ends[k])) {
                time = k;
                break;
            }
        }
        int pidToken = -1;
        int rest;
        if (time >= 0) {
            int j = time - 1;
            if (j >= 0 && isCpu(line, starts[j], ends[j])) {
                j--;
            }
            if (j >= 0 && isPid(line, starts[j], ends[j])) {
                pidToken = j;
            }
            rest = time + 1;
        } else {
            for (int k = 0; k < count && pidToken < 0; k++) {
                if (isPid(line, starts[k], ends[k])) {
                    pidToken = k;
                } else if (line.charAt(ends[k] - 1) == ':') {
                    break;
                }
            }
            boolean periodFirst = pidToken == 0 && printedAsPeriod(line, starts[0], ends[0]);
            if (periodFirst) {
                pidToken = -1;
            }
            rest = pidToken + 1;
            if (rest < count && isCpu(line, starts[rest], ends[rest])) {
                rest++;
            }
            if (pidToken < 0 && !periodFirst) {
                rest = 0;
                while (rest < count && line.charAt(ends[rest] - 1) != ':') {
                    rest++;
                }
                if (rest == count) {
                    return fail(problem, "no pid, time or event where a perf script sample header has them", 1);
                }
            }
        }
        int commEnd = pidToken >= 0 ? pidToken : time >= 0 ? time : rest;
        while (commEnd > 0 && isCpu(line, starts[commEnd - 1], ends[commEnd - 1]) && pidToken < 0) {
            commEnd--;
        }
        String comm = commEnd == 0 ? "" : line.substring(starts[0], ends[commEnd - 1]);
        String pid = "";
        String tid = "";
        if (pidToken >= 0) {
            String p = line.substring(starts[pidToken], ends[pidToken]);
            int slash = p.indexOf('/');
            if (slash >= 0) {
                pid = p.substring(0, slash);
                tid = p.substring(slash + 1);
            } else {
                tid = p;
            }
        }
        long timeNanos = -1;
        if (time >= 0) {
            timeNanos = nanos(line, starts[time], ends[time] - 1);
            if (timeNanos < 0) {
                return fail(problem, "a time beyond what nanoseconds in 64 bits hold", starts[time] + 1);
            }
        }
        long period = -1;
        if (rest < count && isDigits(line, starts[rest], ends[rest])
                && (rest + 1 == count || line.charAt(ends[rest + 1] - 1) == ':'
                || rest + 2 < count && isHex(line, starts[rest + 1], ends[rest + 1]))) {
            period = digits(line, starts[rest], ends[rest]);
            if (period < 0) {
                return fail(problem, "a period beyond a 64-bit count", starts[rest] + 1);
            }
            rest++;
        }
        String event = "";
        if (rest < count && line.charAt(ends[rest] - 1) == ':') {
            event = line.substring(starts[rest], ends[rest] - 1);
            rest++;
        }
        int frameFrom = rest < count ? starts[rest] : n;
        return new PerfHeader(comm, pid, tid, timeNanos, period, event, frameFrom);
    }

    /**
     * Whether a number that starts a header without a time is the period, not the tid ({@code -F period,event}):
     * perf prints a tid as {@code %5d} and a period as {@code %10lu}, so a number right-aligned to the tenth column
     * is a period, and so is one of more than 7 digits (Linux's pid_max is at most 4194304).
     */
    private static boolean printedAsPeriod(String s, int from, int to) {
        return isDigits(s, from, to) && (to == PERIOD_WIDTH && from > 0 || to - from > MAX_TID_DIGITS);
    }

    private static PerfHeader fail(Object[] problem, String what, int column) {
        problem[0] = what;
        problem[1] = column;
        return null;
    }

    /** {@code digits.digits:} */
    private static boolean isTime(String s, int from, int to) {
        if (to - from < 4 || s.charAt(to - 1) != ':') {
            return false;
        }
        int dot = -1;
        for (int i = from; i < to - 1; i++) {
            char c = s.charAt(i);
            if (c == '.' && dot < 0) {
                dot = i;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return dot > from && dot < to - 2;
    }

    private static boolean isCpu(String s, int from, int to) {
        return to - from >= 3 && s.charAt(from) == '[' && s.charAt(to - 1) == ']' && isDigits(s, from + 1, to - 1);
    }

    private static boolean isPid(String s, int from, int to) {
        int slash = s.indexOf('/', from);
        if (slash < 0 || slash >= to) {
            return isDigits(s, from, to);
        }
        return isDigits(s, from, slash) && isDigits(s, slash + 1, to);
    }

    static boolean isDigits(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return to > from;
    }

    /** The decimal digits {@code s[from .. to-1]}, or -1 beyond a long. */
    static long digits(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = s.charAt(i) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** Whether {@code c} is whitespace as {@link Character#isWhitespace} says of an ASCII character. */
    static boolean isSpace(byte c) {
        return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f;
    }

    /** {@code digits.digits:} in bytes, as {@link #isTime(String, int, int)}. */
    static boolean isTime(byte[] b, int from, int to) {
        if (to - from < 4 || b[to - 1] != ':') {
            return false;
        }
        int dot = -1;
        for (int i = from; i < to - 1; i++) {
            byte c = b[i];
            if (c == '.' && dot < 0) {
                dot = i;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return dot > from && dot < to - 2;
    }

    /** Seconds {@code b[from .. to-1]} ({@code digits.digits}) in exact nanoseconds; -1 beyond a long or 9 decimals. */
    static long nanos(byte[] b, int from, int to) {
        int dot = from;
        while (b[dot] != '.') {
            dot++;
        }
        long seconds = 0;
        for (int i = from; i < dot; i++) {
            int d = b[i] - '0';
            if (seconds > (Long.MAX_VALUE - d) / 10) {
                return -1;
            }
            seconds = seconds * 10 + d;
        }
        int fractionDigits = to - dot - 1;
        if (fractionDigits > MAX_FRACTION_DIGITS || seconds > Long.MAX_VALUE / NANOS_PER_SECOND - 1) {
            return -1;
        }
        long fraction = 0;
        for (int i = dot + 1; i < to; i++) {
            fraction = fraction * 10 + (b[i] - '0');
        }
        for (int i = fractionDigits; i < MAX_FRACTION_DIGITS; i++) {
            fraction *= 10;
        }
        return seconds * NANOS_PER_SECOND + fraction;
    }

    /** Seconds {@code s[from .. to-1]} ({@code digits.digits}) in exact nanoseconds; -1 beyond a long or 9 decimals. */
    static long nanos(String s, int from, int to) {
        int dot = s.indexOf('.', from);
        long seconds = digits(s, from, dot);
        int fractionDigits = to - dot - 1;
        if (seconds < 0 || fractionDigits > MAX_FRACTION_DIGITS || seconds > Long.MAX_VALUE / NANOS_PER_SECOND - 1) {
            return -1;
        }
        long fraction = digits(s, dot + 1, to);
        for (int i = fractionDigits; i < MAX_FRACTION_DIGITS; i++) {
            fraction *= 10;
        }
        return seconds * NANOS_PER_SECOND + fraction;
    }
}
