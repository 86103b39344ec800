package dev.ppw.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What a stored run says of the machine it ran on, as entries of its environment (docs/store.md, "Runs"): {@code host}
 * (the host name), {@code os} (the system's name and architecture, {@code Linux amd64}), {@code os_version} (on Linux
 * the distribution's {@code PRETTY_NAME} from {@code /etc/os-release}, elsewhere the system's version), {@code kernel}
 * (on Linux, {@code uname -r}), {@code cpu} (the processor's model name from {@code /proc/cpuinfo}), {@code cores}
 * (the processors this JVM may use), {@code java} (its version) and {@code jvm} (its name, version and vendor). An
 * entry that cannot be known is left out, never stored empty. The command line gives it for the runs it stores and to
 * {@code serve} for the runs of its form; the store library reads none of it itself.
 */
final class HostDescription {
    private HostDescription() {
    }

    /** This machine's description. */
    static Map<String, String> here() {
        return of(Path.of("/"), hostName(), System.getProperties(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * The description read from the files under {@code root} ({@code /} but in tests), {@code host} (empty: not
     * known), the JVM's {@code properties} and its {@code cores}.
     */
    static Map<String, String> of(Path root, String host, Properties properties, int cores) {
        Map<String, String> d = new LinkedHashMap<>();
        String osName = properties.getProperty("os.name", "");
        String osVersion = properties.getProperty("os.version", "");
        boolean linux = osName.equals("Linux");
        put(d, "host", host);
        put(d, "os", (osName + " " + properties.getProperty("os.arch", "")).strip());
        put(d, "os_version", linux ? osRelease(root) : osVersion);
        put(d, "kernel", linux ? osVersion : "");
        put(d, "cpu", linux ? cpuModel(root) : "");
        put(d, "cores", Integer.toString(cores));
        put(d, "java", properties.getProperty("java.version", ""));
        put(d, "jvm", String.join(" ", properties.getProperty("java.vm.name", ""),
                properties.getProperty("java.vm.version", ""), properties.getProperty("java.vm.vendor", "")).strip());
        return d;
    }

    private static void put(Map<String, String> d, String key, String value) {
        if (value != null && !value.isBlank()) {
            d.put(key, value.strip());
        }
    }

    /** {@code PRETTY_NAME} of os-release (its two places, by the specification), unquoted; else empty. */
    private static String osRelease(Path root) {
        for (String file : List.of("etc/os-release", "usr/lib/os-release")) {
            for (String line : lines(root.resolve(file))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    String v = line.substring("PRETTY_NAME=".length()).strip();
                    if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'')
                            && v.charAt(v.length() - 1) == v.charAt(0)) {
                        v = v.substring(1, v.length() - 1);
                    }
                    return v;
                }
            }
        }
        return "";
    }

    /** The first {@code model name} of /proc/cpuinfo (x86, and most others that name their model); else empty. */
    private static String cpuModel(Path root) {
        for (String line : lines(root.resolve("proc/cpuinfo"))) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
                return line.substring(colon + 1).strip();
            }
        }
        return "";
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "";
        }
    }
}
