package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a stored run says of its machine, read from os-release, cpuinfo and the JVM's properties. */
class HostDescriptionTest {
    @TempDir
    Path root;

    private static Properties jvm(String osName, String osVersion) {
        Properties p = new Properties();
        p.setProperty("os.name", osName);
        p.setProperty("os.version", osVersion);
        p.setProperty("os.arch", "amd64");
        p.setProperty("java.version", "25.0.3");
        p.setProperty("java.vm.name", "OpenJDK 64-Bit Server VM");
        p.setProperty("java.vm.version", "25.0.3+9-LTS");
        p.setProperty("java.vm.vendor", "Eclipse Adoptium");
        return p;
    }

    @Test
    void onLinuxTheDistributionKernelAndProcessorModelAreRead() throws IOException {
        Files.createDirectories(root.resolve("etc"));
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("etc/os-release"), "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n"
                + "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n");
        Files.writeString(root.resolve("proc/cpuinfo"), "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
                + "model name\t: AMD EPYC 7B13\ncpu MHz\t\t: 2450.000\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n");
        Map<String, String> d = HostDescription.of(root, "node7", jvm("Linux", "6.1.0-18-amd64"), 2);
        assertEquals(List.of("host", "os", "os_version", "kernel", "cpu", "cores", "java", "jvm"), List.copyOf(d.keySet()));
        assertEquals(List.of("node7", "Linux amd64", "Debian GNU/Linux 12 (bookworm)", "6.1.0-18-amd64",
                "AMD EPYC 7B13", "2", "25.0.3", "OpenJDK 64-Bit Server VM 25.0.3+9-LTS Eclipse Adoptium"),
                List.copyOf(d.values()));
    }

    @Test
    void osReleaseIsFoundInItsSecondPlaceAndWhatCannotBeKnownIsLeftOut() throws IOException {
        Files.createDirectories(root.resolve("usr/lib"));
        Files.writeString(root.resolve("usr/lib/os-release"), "PRETTY_NAME='Alpine Linux v3.19'\n");
        Map<String, String> d = HostDescription.of(root, "", jvm("Linux", "6.6.1"), 8);
        assertEquals("Alpine Linux v3.19", d.get("os_version"));
        assertEquals(List.of("os", "os_version", "kernel", "cores", "java", "jvm"), List.copyOf(d.keySet()),
                "no host name, no cpuinfo: no entry, not an empty one");
    }

    @Test
    void elsewhereTheSystemsVersionIsItsVersionAndNoLinuxFileIsRead() throws IOException {
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("proc/cpuinfo"), "model name\t: not this one\n");
        Map<String, String> d = HostDescription.of(root, "mac", jvm("Mac OS X", "14.4"), 10);
        assertEquals("14.4", d.get("os_version"));
        assertEquals(List.of("host", "os", "os_version", "cores", "java", "jvm"), List.copyOf(d.keySet()));
    }
}
