package dev.ppw.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's examples/ folder, found from the working folder of a test up. */
public final class Examples {
    private Examples() {
    }

    /** The examples/ folder of this checkout. */
    public static Path folder() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("examples/perfflowaspect"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
        }
        return dir.resolve("examples");
    }
}
