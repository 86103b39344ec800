package dev.ppw.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs ppw-java in-process and keeps what it printed. */
record Cli(int exit, String out, String err) {
    static Cli run(String... args) {
        return runWithInput(new byte[0], args);
    }

    /** Runs ppw-java with {@code stdin} as its standard input. */
    static Cli runWithInput(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = Main.run(args, new java.io.ByteArrayInputStream(stdin), o, e);
        }
        return new Cli(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Lines joined with CRLF, each ended by one: RFC 4180 records. */
    static String csv(String... lines) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l).append("\r\n");
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
