package dev.ppw.pfa.recorder;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * The log file's name as PerfFlowAspect makes it: {@code perfflow.array} (or {@code .object}), then for each
 * part of {@code log-filename-include} in order {@code .NAME}, {@code .{INSTANCE-PATH}}, {@code .HOSTNAME},
 * {@code .PID}, then {@code .pfw}, in {@code log-dir}.
 *
 * <p>The instance path is PerfFlowAspect's: {@code FLUX_JOB_ID} when set; else, under Slurm
 * ({@code SLURM_JOB_ID} and {@code SLURM_STEP_ID}) or LSF ({@code LSB_JOBID} and {@code LS_JOBPID}), the first 8
 * hex digits of the SHA-1 of {@code JOB.STEP}; else the first 8 of the SHA-1 of the folder of
 * {@code FLUX_URI}'s path (Python's {@code os.path.dirname(urlparse(uri).path)}), or of {@code "1"} without it.
 * {@code PERFFLOW_INSTANCE_PATH}, when set, comes first, joined by a dot. (PerfFlowAspect also exports the
 * result to its children's environment; a JVM cannot change its own.)
 */
public final class LogFile {
    private LogFile() {
    }

    /** The file name (no folder) for these options in this environment, host and process. */
    public static String fileName(Options options, String kind, Map<String, String> env, String host, long pid) {
        StringBuilder fn = new StringBuilder("perfflow.").append(kind);
        for (String part : options.filenameInclude()) {
            switch (part) {
                case "name" -> fn.append('.').append(options.name());
                case "instance-path" -> fn.append(".{").append(instancePath(env)).append('}');
                case "hostname" -> fn.append('.').append(host);
                case "pid" -> fn.append('.').append(pid);
                default -> throw new IllegalStateException(part); // Options keeps only the four
            }
        }
        return fn.append(kind.equals("profile") ? ".ppw.json" : ".pfw").toString();
    }

    /** PerfFlowAspect's instance path for this environment. */
    public static String instancePath(Map<String, String> env) {
        String id = env.get("FLUX_JOB_ID");
        if (id == null) {
            String foreign = foreignId(env);
            if (foreign != null) {
                id = sha1Prefix(foreign);
            } else {
                String uri = env.get("FLUX_URI");
                id = sha1Prefix(uri == null ? "1" : dirname(urlPath(uri)));
            }
        }
        String outer = env.get("PERFFLOW_INSTANCE_PATH");
        return outer == null ? id : outer + "." + id;
    }

    /** Slurm's or LSF's {@code JOB.STEP}, or null; Slurm is asked first, as PerfFlowAspect does. */
    private static String foreignId(Map<String, String> env) {
        if (env.get("SLURM_JOB_ID") != null) {
            String step = env.get("SLURM_STEP_ID");
            return step == null ? null : env.get("SLURM_JOB_ID") + "." + step;
        }
        if (env.get("LSB_JOBID") != null) {
            String step = env.get("LS_JOBPID");
            return step == null ? null : env.get("LSB_JOBID") + "." + step;
        }
        return null;
    }

    private static String sha1Prefix(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    /** The path of a URL as Python's {@code urlparse} splits it: after the scheme and the {@code //host}. */
    static String urlPath(String url) {
        String rest = url;
        int colon = url.indexOf(':');
        if (colon > 0 && isScheme(url.substring(0, colon))) {
            rest = url.substring(colon + 1);
        }
        if (rest.startsWith("//")) {
            int end = 2;
            while (end < rest.length() && "/?#".indexOf(rest.charAt(end)) < 0) {
                end++;
            }
            rest = rest.substring(end);
        }
        int cut = rest.length();
        for (char c : new char[] {'?', '#'}) {
            int at = rest.indexOf(c);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return rest.substring(0, cut);
    }

    private static boolean isScheme(String s) {
        if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c < 128 && (Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.'))) {
                return false;
            }
        }
        return true;
    }

    /** Python's {@code os.path.dirname}: up to the last slash, trailing slashes dropped unless all slashes. */
    static String dirname(String path) {
        int slash = path.lastIndexOf('/');
        String head = path.substring(0, slash + 1);
        String stripped = head.replaceAll("/+$", "");
        return stripped.isEmpty() ? head : stripped;
    }

    /** The host's name as {@code uname -n} gives it (PerfFlowAspect's {@code os.uname()[1]}). */
    public static String hostName() {
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(kernel)) {
                return Files.readString(kernel, StandardCharsets.UTF_8).strip();
            }
        } catch (IOException e) {
            // fall through to the resolver's name
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
