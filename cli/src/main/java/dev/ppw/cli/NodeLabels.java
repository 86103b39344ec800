package dev.ppw.cli;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** How outputs name the node of each input file: its file name when that is unique, else its path. */
final class NodeLabels {
    private NodeLabels() {
    }

    static List<String> of(List<Path> files) {
        Set<String> seen = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        for (Path f : files) {
            if (!seen.add(name(f))) {
                repeated.add(name(f));
            }
        }
        return files.stream().map(f -> repeated.contains(name(f)) ? f.toString() : name(f)).toList();
    }

    private static String name(Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }
}
