package dev.ppw.collect.saved;

import dev.ppw.model.Profile;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Saved profiles: ppw-java's own JSON output ({@code --format json}, docs/profile-json.md) read back into
 * the profile that was written, to the nanosecond, so that {@code merge} combines saved profiles and traces
 * alike. A row, as ppw-java writes it:
 * <pre>{@code [12, 9, 4, "region_052", "", 32, 0, 2549323, 2549323, 68035, 2112085],}</pre>
 *
 * <p>Read by {@link ProfileJsonReader} (the names it agrees on with the writer are
 * {@link SavedProfileLayout}'s); rows in the plain form ppw-java writes go through {@link RowScanner}.
 */
public final class SavedProfileFormat implements ProfileFormat {
    /** ppw-java always writes the format member first: a signature no other JSON has. */
    private static final Pattern SIGNATURE = Pattern.compile(
            "\\s*\\{\\s*\"" + SavedProfileLayout.Member.FORMAT + "\"\\s*:\\s*\"" + SavedProfileLayout.FORMAT + "\"");

    @Override
    public String name() {
        return SavedProfileLayout.FORMAT;
    }

    /** What {@code --format json} is written to ({@code .ppw.json} by habit). */
    @Override
    public List<String> fileEndings() {
        return List.of(".json");
    }

    @Override
    public String description() {
        return "a profile saved by ppw-java (--format json, docs/profile-json.md), read back exactly";
    }

    /**
     * {@link Confidence#CERTAIN} when the JSON object's first member is {@code "format": "ppw-profile"}, as
     * ppw-java writes it; else {@link Confidence#NONE}. The file name is not looked at: a file named
     * {@code .ppw.json} that does not start so is not one ppw-java wrote, and the message of detection
     * ("unrecognized format ... it starts with") says more about it than this reader's would.
     */
    @Override
    public Confidence probe(Head head) {
        return SIGNATURE.matcher(head.latin1()).lookingAt() ? Confidence.CERTAIN : Confidence.NONE;
    }

    @Override
    public Profile read(InputSource source, ReadOptions options) throws IOException {
        try (InputStream content = source.open(options.progress())) {
            return ProfileJsonReader.read(source.name(), content);
        }
    }
}
