package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A mistyped command or option: one error line naming the closest names, one hint line, exit 2, no output. */
class UsageErrorsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "profil x.json            | unknown command 'profil'; did you mean profile?             | ppw-java",
            "formts                   | unknown command 'formts'; did you mean formats?             | ppw-java",
            "prof x.json              | unknown command 'prof'; did you mean profile?               | ppw-java",
            "help profil              | unknown command 'profil'; did you mean profile?             | ppw-java",
            "help nonesuch            | unknown command 'nonesuch'                                  | ppw-java",
            "profile --vew tree x.json | unknown option '--vew'; did you mean --view?               | ppw-java profile",
            "profile --veiw=tree x.json | unknown option '--veiw=tree'; did you mean --view?        | ppw-java profile",
            "profile --depht 3 x.json | unknown option '--depht'; did you mean --depth?             | ppw-java profile",
            "profile --max 3 x.json   | unknown option '--max'; did you mean --max-depth?           | ppw-java profile",
            "profile -depth 3 x.json  | unknown option '-depth'; did you mean --depth?              | ppw-java profile",
            "merge --ag max x.json    | unknown option '--ag'; did you mean --agg or --tag?         | ppw-java merge",
            "merge --node x.json      | unknown option '--node'; did you mean --node-by?            | ppw-java merge",
            "-x                       | unknown option '-x'                                         | ppw-java",
            "profile --frobnicate x.json | unknown option '--frobnicate'                            | ppw-java profile",
    })
    void mistypedNamesGetTheClosestOnes(String args, String error, String command) {
        Cli r = Cli.run(args.split(" "));
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals(List.of("ppw-java: error: " + error, "ppw-java: see '" + command + " --help'"),
                r.err().lines().toList());
    }

    @Test
    void closestNamesComeNearestFirstAndAtMostThree() {
        List<String> names = List.of("--max-depth", "--min-percent", "--depth", "--sort", "--format", "--view");
        assertEquals(List.of("--sort"), UsageErrors.closest("--srot", names));
        assertEquals(List.of("--depth"), UsageErrors.closest("--dept", names));
        assertEquals(List.of("--depth", "--max-depth"), UsageErrors.closest("--m-depth", names), "2 steps each");
        assertEquals(List.of(), UsageErrors.closest("--quux", names));
        assertEquals(List.of(), UsageErrors.closest("--view", names), "the name itself is no suggestion");
        assertEquals(List.of("a1", "a2", "a3"), UsageErrors.closest("aa", List.of("a4", "a3", "a2", "a1")));
    }

    @Test
    void distanceCountsASwapOfNeighboursAsOneStep() {
        assertEquals(0, UsageErrors.distance("view", "view"));
        assertEquals(1, UsageErrors.distance("veiw", "view"));
        assertEquals(1, UsageErrors.distance("vew", "view"));
        assertEquals(2, UsageErrors.distance("vw", "view"));
        assertEquals(4, UsageErrors.distance("", "view"));
        assertEquals(3, UsageErrors.distance("kitten", "sitting"));
    }
}
