package dev.ppw.report;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The process of a thread's section, from its label as {@code --threads split} names it (SEMANTICS.md section 2,
 * "Threads"): {@code NAME}, {@code NAME (pid P tid T)}, {@code NAME (tid T)}, {@code pid P tid T} or
 * {@code async PROCESS}, and the profile's thread and process names ({@code pid/tid} and {@code pid} to name).
 */
final class ThreadLabels {
    private static final Pattern NAMESAKE = Pattern.compile(".* \\(pid (\\S*) tid \\S+\\)");
    private static final Pattern UNNAMED = Pattern.compile("pid (\\S*) tid \\S+");
    private static final Pattern TID_ONLY = Pattern.compile(".* \\(tid (\\S+)\\)");
    private static final String ASYNC = "async ";

    private ThreadLabels() {
    }

    /** The pid of the thread (or the async tracks) {@code label} names; empty when the names do not tell it. */
    static String pidOf(String label, Map<String, String> threadNames, Map<String, String> processNames) {
        Matcher m = NAMESAKE.matcher(label);
        if (m.matches()) {
            return m.group(1);
        }
        m = UNNAMED.matcher(label);
        if (m.matches()) {
            return m.group(1);
        }
        if (label.startsWith(ASYNC)) {
            String process = label.substring(ASYNC.length());
            for (Map.Entry<String, String> e : processNames.entrySet()) {
                if (e.getValue().equals(process)) {
                    return e.getKey();
                }
            }
            return process.startsWith("pid ") ? process.substring("pid ".length()) : "";
        }
        m = TID_ONLY.matcher(label);
        if (m.matches()) {
            return "";
        }
        Set<String> pids = new TreeSet<>();
        threadNames.forEach((key, name) -> {
            int slash = key.indexOf('/');
            if (name.equals(label) && slash >= 0) {
                pids.add(key.substring(0, slash));
            }
        });
        return pids.size() == 1 ? pids.iterator().next() : "";
    }
}
