package dev.ppw.store;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A process that stores generated runs one after the other, for the tests of several writers and of a writer killed
 * at any moment: {@code LOCATION RAW_FOLDER FIRST_SEED COUNT ROWS}. After each run commits it prints
 * {@code stored SEED ID}, so the test knows which runs must be there whatever happens next.
 */
public final class StoringLoop {
    private StoringLoop() {
    }

    public static void main(String[] args) {
        StoreLocation location = StoreLocation.parse(args[0], Path.of("")).withRawFolder(Path.of(args[1]));
        long first = Long.parseLong(args[2]);
        int count = Integer.parseInt(args[3]);
        int rows = Integer.parseInt(args[4]);
        try (RunStore store = RunStore.open(location,
                RunStore.Options.defaults().withLockTimeout(Duration.ofSeconds(120)))) {
            System.out.println("open");
            System.out.flush();
            for (long seed = first; seed < first + count; seed++) {
                long id = store.put(StoreChecks.run(seed, rows), Profiles.ENGINE);
                System.out.println("stored " + seed + " " + id);
                System.out.flush();
            }
        }
    }
}
