package dev.ppw.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Checks on the files named on the command line, made before anything is read or written. */
final class PathChecks {
    private PathChecks() {
    }

    /**
     * The output must not be one of the inputs (compared as real files when both exist, so links and
     * other spellings of the same path are caught) nor a directory.
     *
     * @return a message saying what is wrong, or null when the output is fine
     */
    static String outputProblem(Path output, List<Path> inputs) {
        if (Output.STDOUT.equals(output.toString())) {
            return null;
        }
        if (Files.isDirectory(output)) {
            return "-o " + output + " is a directory: name a file";
        }
        for (Path in : inputs) {
            if (sameFile(output, in)) {
                return "-o " + output + " is the input " + in + ": ppw-java never writes to an input";
            }
        }
        return null;
    }

    private static boolean sameFile(Path a, Path b) {
        if (Files.exists(a) && Files.exists(b)) {
            try {
                return Files.isSameFile(a, b);
            } catch (IOException e) {
                // fall back to comparing the names
            }
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
