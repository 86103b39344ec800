package dev.ppw.cli;

import dev.ppw.report.Version;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the build's version. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {Version.tool()};
    }
}
