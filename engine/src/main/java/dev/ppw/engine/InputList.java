package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;

import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The inputs {@link Engine#inputs} found, each once, with a note for every input that was named more than once
 * (two spellings of one file, a glob and a folder that both reach it, a link to it) and one for the files of the
 * folders named that no format claims (skipped). An {@link Analysis} of this
 * list puts those notes first in its diagnostics; a list of sources made otherwise carries none. Immutable.
 */
public final class InputList extends AbstractList<InputSource> implements RandomAccess {
    private final List<InputSource> sources;
    private final List<String> namedTwice;
    private final Map<String, Long> skipped;

    /**
     * @param sources    the inputs, each once, in the order first named
     * @param namedTwice one line per input named more than once: which file and how it was named
     */
    public InputList(List<InputSource> sources, List<String> namedTwice) {
        this(sources, namedTwice, Map.of());
    }

    /**
     * @param skipped per folder named that held files no format claims, in order: a line saying how many and which
     *                ({@code runs: 2 files that no format reads, skipped: runs/a.log, runs/b.dat}), and how many
     */
    public InputList(List<InputSource> sources, List<String> namedTwice, Map<String, Long> skipped) {
        this.sources = List.copyOf(sources);
        this.namedTwice = List.copyOf(Objects.requireNonNull(namedTwice, "namedTwice"));
        this.skipped = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(skipped));
    }

    /** Per folder named that held files no format claims (skipped), in order: its line, and how many files. */
    public Map<String, Long> skipped() {
        return skipped;
    }

    /**
     * This list with the note that the folder {@code argument} held {@code files}, in order, that no format reads,
     * said as a local folder's is ({@code runs: 2 files that no format reads, skipped: runs/a.log, runs/b.dat}): for
     * front ends that search folders of other file systems ({@link Engine#inputInFolder}). None adds no note.
     */
    public InputList skipping(String argument, List<String> files) {
        if (files.isEmpty()) {
            return this;
        }
        java.util.Map<String, Long> more = new java.util.LinkedHashMap<>(skipped);
        more.merge(InputExpansion.skippedLine(argument, files), (long) files.size(), Long::sum);
        return new InputList(sources, namedTwice, more);
    }

    @Override
    public InputSource get(int index) {
        return sources.get(index);
    }

    @Override
    public int size() {
        return sources.size();
    }

    /** One line per input named more than once, in input order: {@code a.pfw: named twice (a.pfw, ./a.pfw), read once}. */
    public List<String> namedTwice() {
        return namedTwice;
    }

    /**
     * The {@link Diagnostics#INPUT_NAMED_TWICE} notes of {@code inputs}: one per input named more than once when it
     * is an {@code InputList}, none otherwise; keeping {@code examplesPerKind} examples of each kind, as the
     * diagnostics later added to them will.
     */
    static Diagnostics notesOf(List<InputSource> inputs, int examplesPerKind) {
        Diagnostics notes = new Diagnostics(examplesPerKind);
        if (inputs instanceof InputList list) {
            list.namedTwice.forEach(line -> notes.note(Diagnostics.INPUT_NAMED_TWICE, line));
            list.skipped.forEach((line, files) -> notes.note(Diagnostics.FILE_SKIPPED, files, line));
        }
        return notes;
    }
}
