package dev.ppw.cli;

import dev.ppw.model.Version;
import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * {@code --version}: the build's version and the commit it was built from, as the build recorded it in
 * {@code build.properties} (cli/pom.xml: 12 hex digits, {@code +dirty} when tracked files had uncommitted
 * changes, {@code unknown} outside a git checkout).
 */
final class VersionProvider implements IVersionProvider {
    private static final String RESOURCE = "build.properties";
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,40}(\\+dirty)?");

    @Override
    public String[] getVersion() {
        return new String[] {line(Version.tool(), load())};
    }

    /** {@code tool} and what {@code build} says of the commit, e.g. {@code ppw-java 0.1.0 (commit 0123456789ab)}. */
    static String line(String tool, Properties build) {
        String commit = build.getProperty("commit", "");
        if (!COMMIT.matcher(commit).matches()) {
            // 'unknown', or the placeholder itself when the jar was built without Maven's filtering
            return tool + " (unknown commit)";
        }
        if (commit.endsWith("+dirty")) {
            return tool + " (commit " + commit.substring(0, commit.length() - "+dirty".length())
                    + " with uncommitted changes)";
        }
        return tool + " (commit " + commit + ")";
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
