package dev.ppw.cli;

import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java runs tag}: set or remove a run's tags. */
@Command(name = "tag", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = "Sets tags of a stored run (a key's value replaced) or removes them.",
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java runs tag 12 baseline=yes", "  ppw-java runs tag last --remove baseline"})
final class RunsTagCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    RunsCommand runs;

    @Mixin
    StoreOptions store;

    @Parameters(index = "0", paramLabel = "RUN", description = "The run: its id, last, or a label.")
    String run;

    @Parameters(index = "1..*", paramLabel = "KEY=VALUE", description = "Tags to set.")
    List<String> tags = new ArrayList<>();

    @Option(names = "--remove", paramLabel = "KEY", description = "A tag to remove (repeatable).")
    List<String> remove = new ArrayList<>();

    @Override
    public Integer call() {
        if (tags.isEmpty() && remove.isEmpty()) {
            throw ReportOptions.usage(spec, "give tags to set (KEY=VALUE) or --remove KEY");
        }
        var set = RunArguments.tags(spec, tags);
        try (RunStore opened = store.open(false)) {
            RunInfo info = opened.resolve(run);
            try {
                opened.tag(info.id(), set, remove);
            } catch (IllegalArgumentException e) {
                throw ReportOptions.usage(spec, e.getMessage());
            }
            RunInfo now = opened.run(info.id()).orElseThrow();
            runs.main.streams().out().println("run:" + now.id() + " " + RunTables.tagText(now.tags()));
        }
        return Main.OK;
    }
}
