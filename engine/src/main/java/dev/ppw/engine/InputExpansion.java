package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.FormatRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Turns the inputs named on a command line into files: a file is itself; a directory is every file below it whose
 * name has an ending a registered format declares ({@link FormatRegistry#fileEndings()}: {@code .pfw},
 * {@code .json}, {@code .folded}, ..., each optionally {@code .gz}) or that a format claims by its name (TAU's
 * {@code profile.N.C.T}) or, for names a format asks to be looked into ({@link FormatRegistry#probedInFolders}:
 * {@code .txt}, {@code profile.*}), by its content, in name order, and every folder below it that a format reads as
 * one input (a CTF trace), that folder; the other files of a directory are skipped and counted; a folder a format reads as one input is itself; a pattern with {@code * ? [ {} that names no
 * existing file is a glob ({@code **} crosses folders), for shells that did not expand it; {@code -} is standard
 * input when the caller has one. Each file is listed once, however many arguments reach it and however they spell
 * it (its real path decides: a link is its target), with the spellings that named it.
 */
final class InputExpansion {
    /** Files of a directory without inputs whose heads are looked at for a format recognised but not read. */
    private static final int FILES_PROBED = 32;

    /**
     * One input: its file as first named (null for standard input) and each naming of it, in order: the path
     * found, with the argument that found it when that was a directory or a glob ({@code runs/a.pfw from runs}).
     */
    /**
     * What the arguments name: the inputs, and per directory argument that had files no format claims, one line
     * saying how many were skipped and which first ({@code runs: 2 files that no format reads, skipped: runs/a.log,
     * runs/b.dat}).
     */
    record Expanded(List<Found> found, Map<String, Long> skipped) {
    }

    /** Files named in a line about skipped ones. */
    private static final int SKIPPED_NAMED = 3;

    record Found(Path file, List<String> namings) {
        /** The note an input named more than once gets: which file, and how it was named. */
        String note() {
            String name = file == null ? Engine.STANDARD_INPUT : file.toString();
            String times = namings.size() == 2 ? "twice" : namings.size() + " times";
            return name + ": named " + times + " (" + String.join(", ", namings) + "), read once";
        }
    }

    private InputExpansion() {
    }

    /**
     * The inputs {@code arguments} name, each once, in the order first named; what a folder holds is told by
     * {@code formats}: the endings searched for, the files claimed by name, the folders read as one input.
     *
     * @param standardInput whether {@code -} means standard input (else it is a file named {@code -})
     * @param unreadFormat  the message naming a file's format when ppw-java recognises but does not read it: said
     *                      when a directory holds no input by name but holds such files
     * @param inFolder      whether a file met below a directory is an input ({@link Engine#inputInFolder}: by its
     *                      name, or by its head for names a format asks to be looked into)
     */
    static Expanded expand(List<String> arguments, boolean standardInput, FormatRegistry formats,
                           Function<Path, Optional<String>> unreadFormat, Predicate<Path> inFolder) {
        Map<String, Long> skipped = new LinkedHashMap<>();
        // in the order found: a list's contains() made 1000 inputs half a million comparisons
        Map<Object, Found> found = new LinkedHashMap<>();
        for (String argument : arguments) {
            if (standardInput && Engine.STANDARD_INPUT.equals(argument)) {
                found.computeIfAbsent(Engine.STANDARD_INPUT, k -> new Found(null, new ArrayList<>()))
                        .namings().add(argument);
                continue;
            }
            Path path = Path.of(argument);
            List<Path> files;
            boolean expanded = true;
            if (Files.isDirectory(path) && formats.readsDirectory(path)) {
                files = List.of(path);
                expanded = false;
            } else if (Files.isDirectory(path)) {
                List<Path> left = new ArrayList<>();
                files = walkInputs(path, formats, inFolder, left);
                if (files.isEmpty()) {
                    throw noInputIn(argument, path, formats.fileEndings(), unreadFormat);
                }
                if (!left.isEmpty()) {
                    skipped.merge(skippedLine(argument, left.stream().map(Path::toString).toList()), (long) left.size(),
                            Long::sum);
                }
            } else if (!Files.exists(path) && isGlob(argument)) {
                files = glob(argument);
                if (files.isEmpty()) {
                    throw new BadInputException("no file matches " + argument);
                }
            } else {
                files = List.of(readable(path));
                expanded = false;
            }
            for (Path file : files) {
                String naming = expanded ? file + " from " + argument : argument;
                found.computeIfAbsent(key(file), k -> new Found(file, new ArrayList<>())).namings().add(naming);
            }
        }
        return new Expanded(List.copyOf(found.values()), skipped);
    }

    /** The line saying that the folder {@code argument} held the files {@code left} (in order), which no format reads. */
    static String skippedLine(String argument, List<String> left) {
        String files = left.size() == 1 ? "1 file" : left.size() + " files";
        String named = String.join(", ", left.subList(0, Math.min(left.size(), SKIPPED_NAMED)));
        return argument + ": " + files + " that no format reads, skipped: " + named
                + (left.size() > SKIPPED_NAMED ? ", ..." : "");
    }

    /** What decides that two spellings are one file: its real path, else (a broken link) its absolute one. */
    private static Object key(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    private static BadInputException noInputIn(String argument, Path directory, List<String> endings,
                                               Function<Path, Optional<String>> unreadFormat) {
        String looked = "no trace or saved profile in directory " + argument + (endings.isEmpty()
                ? " (no format declares a file ending to look for)"
                : " (looked for *" + String.join(", *", endings) + ", optionally .gz)");
        for (Path file : walk(directory, f -> !hidden(f)).stream().limit(FILES_PROBED).toList()) {
            Optional<String> unread = unreadFormat.apply(file);
            if (unread.isPresent()) {
                return new BadInputException(looked + "; " + unread.get());
            }
        }
        return new BadInputException(looked);
    }

    private static boolean hidden(Path file) {
        return file.getFileName().toString().startsWith(".");
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

    /**
     * The inputs below {@code base} by name or, for names a format asks to be looked into, by content, and the
     * folders below it that are one input each (not searched); the other files (hidden ones aside) go to
     * {@code skipped}, in name order.
     */
    private static List<Path> walkInputs(Path base, FormatRegistry formats, Predicate<Path> inFolder,
                                         List<Path> skipped) {
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(base, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    if (!dir.equals(base) && !hidden(dir) && formats.readsDirectory(dir)) {
                        found.add(dir);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (!attributes.isRegularFile() || hidden(file)) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (inFolder.test(file)) {
                        found.add(file);
                    } else {
                        skipped.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw Problems.cannotRead(base.toString(), e);
        }
        found.sort(null);
        skipped.sort(null);
        return found;
    }

    private static List<Path> walk(Path base, Predicate<Path> keep) {
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
