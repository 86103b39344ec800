package dev.ppw.engine;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns the inputs named on a command line into files: a file is itself; a directory is every trace or
 * saved profile below it (by name: {@code .pfw}, {@code .json}, {@code .trace}, each optionally
 * {@code .gz}), in name order; a pattern with {@code * ? [ {} that names no existing file is a glob
 * ({@code **} crosses folders), for shells that did not expand it. Each file is listed once.
 */
final class InputExpansion {
    private InputExpansion() {
    }

    static List<Path> expand(List<String> arguments) {
        // a set in the order found: a list's contains() made 1000 inputs half a million comparisons
        Set<Path> files = new LinkedHashSet<>();
        for (String argument : arguments) {
            Path path = Path.of(argument);
            if (Files.isDirectory(path)) {
                List<Path> found = walk(path, InputExpansion::looksLikeInput);
                if (found.isEmpty()) {
                    throw new BadInputException("no trace or saved profile in directory " + argument
                            + " (looked for *.pfw, *.json, *.trace, optionally .gz)");
                }
                files.addAll(found);
            } else if (!Files.exists(path) && isGlob(argument)) {
                List<Path> found = glob(argument);
                if (found.isEmpty()) {
                    throw new BadInputException("no file matches " + argument);
                }
                files.addAll(found);
            } else {
                files.add(readable(path));
            }
        }
        return new ArrayList<>(files);
    }

    static boolean looksLikeInput(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.startsWith(".")) {
            return false;
        }
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        return name.endsWith(".pfw") || name.endsWith(".json") || name.endsWith(".trace");
    }

    private static boolean isGlob(String argument) {
        return argument.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    }

    /** Matches a glob against the files below its longest folder prefix without glob characters. */
    private static List<Path> glob(String pattern) {
        String normalized = pattern.replace('\\', '/');
        int firstGlob = 0;
        while (firstGlob < normalized.length() && "*?[{".indexOf(normalized.charAt(firstGlob)) < 0) {
            firstGlob++;
        }
        int slash = normalized.lastIndexOf('/', firstGlob);
        Path base = slash < 0 ? Path.of(".") : Path.of(slash == 0 ? "/" : normalized.substring(0, slash));
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + normalized);
        return walk(base, p -> matcher.matches(slash < 0 ? base.relativize(p) : p));
    }

    private static List<Path> walk(Path base, java.util.function.Predicate<Path> keep) {
        try (Stream<Path> all = Files.walk(base)) {
            return all.filter(Files::isRegularFile).filter(keep).sorted().toList();
        } catch (IOException e) {
            throw Problems.cannotRead(base.toString(), e);
        } catch (UncheckedIOException e) {
            throw Problems.cannotRead(base.toString(), e.getCause());
        }
    }

    /** How outputs name the node of each input: its file name when that is unique among them, else its name as given. */
    static List<String> labels(List<String> names) {
        Set<String> seen = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        for (String n : names) {
            if (!seen.add(fileName(n))) {
                repeated.add(fileName(n));
            }
        }
        return names.stream().map(n -> repeated.contains(fileName(n)) ? n : fileName(n)).toList();
    }

    /** The last element of a path as given ({@code runs/a.pfw} is {@code a.pfw}), or the name itself. */
    static String fileName(String name) {
        Path file = Path.of(name).getFileName();
        return file == null ? name : file.toString();
    }

    /** A file named as an input must be there and readable: said before anything is read. */
    private static Path readable(Path file) {
        if (!Files.exists(file)) {
            throw new BadInputException("cannot read " + file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw new BadInputException("cannot read " + file + ": permission denied");
        }
        return file;
    }
}
