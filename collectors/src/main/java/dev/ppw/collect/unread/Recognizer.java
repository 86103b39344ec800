package dev.ppw.collect.unread;

import dev.ppw.model.format.Head;
import dev.ppw.model.format.UnreadFormat;

import java.util.Locale;

/** What every recognizer holds: its name, what the format is, and the next step; the probe is its own. */
abstract class Recognizer implements UnreadFormat {
    private final String name;
    private final String description;
    private final String nextStep;

    Recognizer(String name, String description, String nextStep) {
        this.name = name;
        this.description = description;
        this.nextStep = nextStep;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final String nextStep() {
        return nextStep;
    }

    /** The input's file name in lower case, without the {@code .gz} of a gzipped input. */
    static String fileName(Head head) {
        String file = head.fileName().toLowerCase(Locale.ROOT);
        return head.gzipLayers() > 0 && file.endsWith(".gz") ? file.substring(0, file.length() - 3) : file;
    }

    /** Whether the head starts with {@code magic}. */
    static boolean startsWith(Head head, byte[] magic) {
        if (head.length() < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (head.byteAt(i) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return name;
    }
}
