package dev.ppw.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a path is on a network file system, read from {@code /proc/self/mountinfo}: SQLite's locks and its WAL's
 * shared memory do not hold across machines there (sqlite.org, "WAL mode" and "How To Corrupt"), so a store on one is
 * refused and the user pointed at a server or a local path.
 */
final class NetworkFileSystems {
    /** File system types (mountinfo's field after the separator) of network and cluster file systems. */
    static final Set<String> NETWORK = Set.of("nfs", "nfs4", "lustre", "gpfs", "cifs", "smb3", "smbfs", "ceph",
            "fuse.sshfs", "fuse.glusterfs", "glusterfs", "beegfs", "9p", "afs", "ocfs2", "gfs2", "fuse.cephfs");

    private NetworkFileSystems() {
    }

    /** The network file system type of the mount that holds {@code path}, read from this process's mountinfo. */
    static Optional<String> typeOf(Path path) {
        Path mountinfo = Path.of("/proc/self/mountinfo");
        if (!Files.isReadable(mountinfo)) {
            return Optional.empty();
        }
        try {
            return typeOf(Files.readString(mountinfo), existingAncestor(path));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The file system type of the mount in {@code mountinfo} (the text of {@code /proc/self/mountinfo}) whose mount
     * point is the longest prefix of {@code path} (an absolute, real path), when it is a network one.
     */
    static Optional<String> typeOf(String mountinfo, Path path) {
        String best = null;
        int bestLength = -1;
        for (String line : mountinfo.split("\n")) {
            String[] fields = line.split(" ");
            int separator = java.util.Arrays.asList(fields).indexOf("-");
            if (fields.length < 5 || separator < 0 || separator + 1 >= fields.length) {
                continue;
            }
            Path point = Path.of(unescape(fields[4]));
            if (path.startsWith(point) && point.toString().length() >= bestLength) {
                bestLength = point.toString().length();
                best = fields[separator + 1];
            }
        }
        return best != null && NETWORK.contains(best) ? Optional.of(best) : Optional.empty();
    }

    /** mountinfo writes a space, tab, newline and backslash in a path as an octal escape. */
    private static String unescape(String field) {
        return field.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
    }

    /** The real path of {@code path}'s nearest existing ancestor (the store file may not exist yet). */
    static Path existingAncestor(Path path) {
        for (Path p = path.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                try {
                    return p.toRealPath().resolve(p.relativize(path.toAbsolutePath()));
                } catch (IOException e) {
                    return p;
                }
            }
        }
        return path.toAbsolutePath();
    }
}
