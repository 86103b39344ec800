package dev.ppw.cli;

import dev.ppw.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java runs rm}: remove runs, with their rows and raw files. */
@Command(name = "rm", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Removes stored runs with their rows, tags and raw files; all or, when one is not a run, "
                + "none.",
                "Their ids are never given again; 'runs gc' then frees the space."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java runs rm 3 4 5", "  ppw-java runs rm last"})
final class RunsRmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    RunsCommand runs;

    @Mixin
    StoreOptions store;

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "The runs: ids, last, or labels.")
    List<String> named = new ArrayList<>();

    @Override
    public Integer call() {
        try (RunStore opened = store.open(false)) {
            List<Long> ids = new ArrayList<>();
            for (String name : named) {
                ids.add(opened.resolve(name).id());
            }
            opened.remove(ids);
            runs.main.streams().out().println("removed " + ids.size() + (ids.size() == 1 ? " run" : " runs"));
        }
        return Main.OK;
    }
}
