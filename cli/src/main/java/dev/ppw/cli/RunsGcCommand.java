package dev.ppw.cli;

import dev.ppw.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code ppw-java runs gc}: remove what no run uses, and compact the store. */
@Command(name = "gc", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Removes the calling contexts, names and raw files that no run uses any more and compacts "
                + "the store (VACUUM).",
                "Stored runs are unchanged."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java runs rm 1 2 3 && ppw-java runs gc"})
final class RunsGcCommand implements Callable<Integer> {
    @ParentCommand
    RunsCommand runs;

    @Mixin
    StoreOptions store;

    @Override
    public Integer call() {
        try (RunStore opened = store.open(false)) {
            RunStore.Collected gc = opened.gc();
            runs.main.streams().out().println("removed " + gc.contexts() + " contexts, " + gc.names() + " names, "
                    + gc.rawFolders() + " raw folders; " + opened.location() + ": " + gc.bytesBefore() + " -> "
                    + gc.bytesAfter() + " bytes");
        }
        return Main.OK;
    }
}
