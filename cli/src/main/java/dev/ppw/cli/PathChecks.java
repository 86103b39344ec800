package dev.ppw.cli;

import dev.ppw.model.Quote;
import dev.ppw.model.output.AtomicOutput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/** Checks on the files named on the command line, made before anything is read or written. */
final class PathChecks {
    private PathChecks() {
    }

    /**
     * The output must not be one of the inputs (compared as real files when both exist, so links and
     * other spellings of the same path are caught) nor a directory; the output of a format that writes a
     * folder ({@code folder}: tau) must be new or an empty folder, since nothing else is replaced.
     *
     * @return a message saying what is wrong, or null when the output is fine
     */
    static String outputProblem(Path output, List<Path> inputs) {
        return outputProblem(output, inputs, false);
    }

    /** As {@link #outputProblem(Path, List)}, for the output of a format that writes a folder when {@code folder}. */
    static String outputProblem(Path output, List<Path> inputs, boolean folder) {
        if (Output.STDOUT.equals(output.toString())) {
            return null;
        }
        if (folder) {
            try {
                if (Files.exists(output, LinkOption.NOFOLLOW_LINKS) && !AtomicOutput.isEmptyFolder(output)) {
                    return "-o " + output + " exists: this format writes a folder of files, name a new or empty folder";
                }
            } catch (IOException e) {
                return "-o " + output + " cannot be listed: " + Quote.reason(e);
            }
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
