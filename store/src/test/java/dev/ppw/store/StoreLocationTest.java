package dev.ppw.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Where a store is, as commands name it; where it is not allowed; the work tree a run is stored from. */
class StoreLocationTest {
    @TempDir
    Path dir;

    @Test
    void pathsAndSqliteUrlsAreFilesAndServerUrlsAreServers() {
        Path work = Path.of("/work/here");
        StoreLocation file = StoreLocation.parse("runs.db", work);
        assertEquals(StoreLocation.Kind.SQLITE, file.kind());
        assertEquals("jdbc:sqlite:/work/here/runs.db", file.jdbcUrl());
        assertEquals(Path.of("/work/here/runs.db.raw"), file.rawFolder());
        assertEquals("runs.db", file.shown());
        assertEquals(Path.of("/tmp/x.db"), StoreLocation.parse("sqlite:/tmp/x.db", work).file());
        StoreLocation server = StoreLocation.parse("postgresql://db.example:5433/runs?user=u&password=secret", work);
        assertEquals(StoreLocation.Kind.POSTGRESQL, server.kind());
        assertEquals("jdbc:postgresql://db.example:5433/runs?user=u&password=secret", server.jdbcUrl());
        assertEquals("postgresql://db.example:5433/runs?user=u&password=***", server.shown(),
                "no password in messages");
        assertEquals("jdbc:postgresql://h/d", StoreLocation.parse("jdbc:postgresql://h/d", work).jdbcUrl());
        StoreException noDatabase = assertThrows(StoreException.class,
                () -> StoreLocation.parse("postgresql://host:5432/", work));
        assertEquals("cannot open store postgresql://host:5432/: expected postgresql://host[:port]/database",
                noDatabase.getMessage());
    }

    @Test
    void theDefaultIsTheEnvironmentsStoreElseOneInTheHomeFolder() {
        Path home = Path.of("/home/me");
        Path work = Path.of("/work");
        assertEquals(Path.of("/home/me/.local/share/ppw-java/runs.db"),
                StoreLocation.defaultLocation(Map.of(), home, work).file());
        assertEquals(Path.of("/work/mine.db"),
                StoreLocation.defaultLocation(Map.of("PPW_STORE", "mine.db"), home, work).file());
        assertEquals(Path.of("/home/me/.local/share/ppw-java/runs.db"),
                StoreLocation.defaultLocation(Map.of("PPW_STORE", "  "), home, work).file());
        StoreLocation server = StoreLocation.defaultLocation(Map.of("PPW_STORE", "postgresql://h:1/d"), home, work);
        assertEquals(Path.of("/home/me/.local/share/ppw-java/raw/h-1-d"), server.rawFolder());
    }

    @Test
    void aStoreOnANetworkFileSystemIsFoundByItsMount() {
        String mountinfo = """
                22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
                40 22 0:35 / /scratch rw,relatime shared:20 - lustre 10.0.0.1@tcp:/fs rw
                41 22 0:36 / /home rw shared:21 - nfs4 server:/home rw,vers=4.2
                42 41 8:2 / /home/me/local\\040disk rw shared:22 - xfs /dev/sdb1 rw
                43 22 0:37 / /gpfs/proj rw shared:23 - gpfs proj rw
                """;
        assertEquals(Optional.of("lustre"), NetworkFileSystems.typeOf(mountinfo, Path.of("/scratch/u/runs.db")));
        assertEquals(Optional.of("nfs4"), NetworkFileSystems.typeOf(mountinfo, Path.of("/home/me/runs.db")));
        assertEquals(Optional.empty(), NetworkFileSystems.typeOf(mountinfo, Path.of("/home/me/local disk/runs.db")),
                "the innermost mount decides");
        assertEquals(Optional.of("gpfs"), NetworkFileSystems.typeOf(mountinfo, Path.of("/gpfs/proj/runs.db")));
        assertEquals(Optional.empty(), NetworkFileSystems.typeOf(mountinfo, Path.of("/tmp/runs.db")));
        assertEquals(Optional.empty(), NetworkFileSystems.typeOf(mountinfo, Path.of("/scratchpad/runs.db")),
                "a mount point is a prefix of whole names");
    }

    @Test
    void theWorkTreesCommitAndBranchAreReadFromItsGitFiles() throws Exception {
        Path repo = dir.resolve("repo");
        Path git = Files.createDirectories(repo.resolve(".git/refs/heads/feature"));
        String commit = "0123456789abcdef0123456789abcdef01234567";
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/feature/x\n");
        Files.writeString(git.resolve("x"), commit + "\n");
        Path inside = Files.createDirectories(repo.resolve("src/deep"));
        assertEquals(Optional.of(new GitInfo(commit, "feature/x")), GitInfo.of(inside));
        Files.delete(git.resolve("x"));
        Files.writeString(repo.resolve(".git/packed-refs"), "# pack-refs with: peeled\n" + commit
                + " refs/heads/feature/x\n");
        assertEquals(Optional.of(new GitInfo(commit, "feature/x")), GitInfo.of(inside), "a packed ref");
        Files.writeString(repo.resolve(".git/HEAD"), commit + "\n");
        assertEquals(Optional.of(new GitInfo(commit, "")), GitInfo.of(inside), "a detached HEAD");
        Path linked = Files.createDirectories(dir.resolve("linked"));
        Path worktreeGit = Files.createDirectories(repo.resolve(".git/worktrees/linked"));
        Files.writeString(linked.resolve(".git"), "gitdir: " + worktreeGit + "\n");
        Files.writeString(worktreeGit.resolve("HEAD"), "ref: refs/heads/feature/x\n");
        Files.writeString(worktreeGit.resolve("commondir"), "../..\n");
        assertEquals(Optional.of(new GitInfo(commit, "feature/x")), GitInfo.of(linked), "a linked work tree");
        assertEquals(Optional.empty(), GitInfo.of(Files.createDirectories(dir.resolve("elsewhere"))));
    }

    @Test
    void aContextIsAPathOrAFlatRegion() {
        assertEquals(new ContextName(java.util.List.of("main", "solve"), false, dev.ppw.model.Part.THREAD),
                ContextName.parse(" main =>solve ", false, dev.ppw.model.Part.THREAD));
        assertEquals(true, ContextName.parse("solve", false, dev.ppw.model.Part.THREAD).flat());
        assertEquals(false, ContextName.parse("main", true, dev.ppw.model.Part.THREAD).flat());
        assertThrows(IllegalArgumentException.class, () -> ContextName.parse("a => => b", false,
                dev.ppw.model.Part.THREAD));
    }
}
