package dev.ppw.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The commit and branch of the git work tree a run was stored from, read from its {@code .git} files without
 * running git: {@code HEAD}, the branch's loose ref or {@code packed-refs}; a linked work tree's {@code .git} file
 * and its {@code commondir} are followed.
 *
 * @param commit the commit's 40 hex digits
 * @param branch the branch's short name, empty on a detached HEAD
 */
public record GitInfo(String commit, String branch) {
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{40}([0-9a-f]{24})?");

    /**
     * The work tree holding {@code folder} (it or an ancestor has {@code .git}); empty outside one or when its files
     * cannot be read.
     */
    public static Optional<GitInfo> of(Path folder) {
        for (Path p = folder.toAbsolutePath(); p != null; p = p.getParent()) {
            Path dotGit = p.resolve(".git");
            if (Files.exists(dotGit)) {
                try {
                    return read(gitDir(dotGit));
                } catch (IOException | RuntimeException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private static Path gitDir(Path dotGit) throws IOException {
        if (Files.isDirectory(dotGit)) {
            return dotGit;
        }
        String text = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
        if (!text.startsWith("gitdir:")) {
            throw new IOException("not a .git file");
        }
        return dotGit.getParent().resolve(text.substring("gitdir:".length()).strip()).normalize();
    }

    private static Optional<GitInfo> read(Path gitDir) throws IOException {
        String head = Files.readString(gitDir.resolve("HEAD"), StandardCharsets.UTF_8).strip();
        if (HEX.matcher(head).matches()) {
            return Optional.of(new GitInfo(head, ""));
        }
        if (!head.startsWith("ref:")) {
            return Optional.empty();
        }
        String ref = head.substring("ref:".length()).strip();
        Path common = gitDir;
        Path commonDir = gitDir.resolve("commondir");
        if (Files.isRegularFile(commonDir)) {
            common = gitDir.resolve(Files.readString(commonDir, StandardCharsets.UTF_8).strip()).normalize();
        }
        String branch = ref.startsWith("refs/heads/") ? ref.substring("refs/heads/".length()) : ref;
        for (Path dir : new Path[] {gitDir, common}) {
            Path loose = dir.resolve(ref);
            if (Files.isRegularFile(loose)) {
                String commit = Files.readString(loose, StandardCharsets.UTF_8).strip();
                if (HEX.matcher(commit).matches()) {
                    return Optional.of(new GitInfo(commit, branch));
                }
            }
        }
        Path packed = common.resolve("packed-refs");
        if (Files.isRegularFile(packed)) {
            for (String line : Files.readAllLines(packed, StandardCharsets.UTF_8)) {
                int space = line.indexOf(' ');
                if (space > 0 && line.substring(space + 1).equals(ref)
                        && HEX.matcher(line.substring(0, space)).matches()) {
                    return Optional.of(new GitInfo(line.substring(0, space), branch));
                }
            }
        }
        // A branch with no commit yet (a new repository): the branch is known, the commit is not.
        return Optional.empty();
    }
}
