package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.engine.InputResolver;
import dev.ppw.model.Profile;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Stack;

/**
 * {@code --store [LOC]}, {@code --label}, {@code --session}, {@code --tag k=v} of {@code profile}, {@code merge} and
 * {@code diff}: keep what the command read as a run of the store (any of them asks it), and where {@code run:ID}
 * inputs are found (docs/store.md, "Runs as inputs").
 */
final class KeepOptions {
    @Option(names = "--store", paramLabel = "LOC", arity = "0..1", fallbackValue = "",
            preprocessor = StoreValue.class,
            description = "Keep the profile as a run of the store (unless read from stored runs alone), and print "
                    + "its run:ID on stderr; LOC is the store (a file, sqlite:PATH or "
                    + "postgresql://host[:port]/db; default: $PPW_STORE, else ~/.local/share/ppw-java/runs.db), "
                    + "where run:ID inputs are found too. After a space LOC is taken when it looks like a store "
                    + "(*.db, sqlite:, postgresql://, an SQLite file); else --store=LOC.")
    String store;

    @Option(names = "--label", paramLabel = "NAME",
            description = "Keep the run (as --store) with this label: run:NAME finds its newest run.")
    String label;

    @Option(names = "--session", paramLabel = "NAME", description = "Keep the run (as --store) in this session.")
    String session;

    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "Keep the run (as --store) with this tag"
            + " (repeatable).")
    List<String> tags = new ArrayList<>();

    /** True when the command was asked to keep its run. */
    boolean asked() {
        return store != null || label != null || session != null || !tags.isEmpty();
    }

    /** Where the store is: {@code --store LOC}, else {@code $PPW_STORE}, else the home folder's. */
    StoreLocation location() {
        return StoreOptions.location(store);
    }

    /** Inputs that name runs, read from this store. */
    InputResolver runs() {
        return StoreOptions.runs(this::location);
    }

    /**
     * Keeps {@code profile} (and {@code flat}, a flat view of a merge that is no sum, when not null) as a new run
     * described by {@code spec}'s command line, and says its name on {@code err}; unless {@code onlyRuns}, a profile
     * read from stored runs alone, which is kept already (then {@code --store} only says where they are).
     */
    void keep(Profile profile, Profile flat, CommandSpec spec, Engine engine, PrintStream err, boolean onlyRuns) {
        if (onlyRuns) {
            if (label != null || session != null || !tags.isEmpty()) {
                err.println(Main.PREFIX + "note: not stored again: its inputs are stored runs (ppw-java runs tag"
                        + " changes their tags)");
            }
            return;
        }
        Map<String, String> tagMap = RunArguments.tags(spec, tags);
        NewRun run = NewRun.of(profile);
        if (flat != null) {
            run = run.withFlat(flat);
        }
        run = StoreOptions.described(run, spec).withLabel(label).withSession(session).withTags(tagMap);
        try (RunStore opened = StoreOptions.open(location(), true)) {
            long id = opened.put(run, engine);
            err.println(Main.PREFIX + "stored as run:" + id + " in " + opened.location());
        }
    }

    /**
     * {@code --store LOC} with a space takes LOC only when it looks like a store, so that {@code --store trace.json}
     * keeps the run in the default store and reads {@code trace.json}; {@code --store=LOC} always takes it.
     */
    static final class StoreValue implements IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandSpec spec, ArgSpec arg, Map<String, Object> info) {
            if (" ".equals(info.get("separator")) && (args.isEmpty() || !looksLikeStore(args.peek()))) {
                args.push("");
            }
            return false;
        }

        static boolean looksLikeStore(String value) {
            String v = value.toLowerCase(Locale.ROOT);
            if (v.startsWith("sqlite:") || v.startsWith("postgresql://") || v.startsWith("jdbc:")
                    || v.endsWith(".db") || v.endsWith(".sqlite") || v.endsWith(".sqlite3")) {
                return true;
            }
            Path file = Path.of(value);
            if (!Files.isRegularFile(file)) {
                return false;
            }
            byte[] sqlite = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            try (var in = Files.newInputStream(file)) {
                return java.util.Arrays.equals(in.readNBytes(sqlite.length), sqlite);
            } catch (java.io.IOException e) {
                return false;
            }
        }
    }
}
