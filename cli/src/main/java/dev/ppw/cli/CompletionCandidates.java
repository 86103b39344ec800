package dev.ppw.cli;

import dev.ppw.engine.Combine;
import dev.ppw.model.AsyncMode;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Presentation;
import dev.ppw.model.SortKey;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.FormatRegistry;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * The values an option takes, as the command line spells them (lower case), for the completion script
 * ({@code ppw-java completion}); without these picocli would offer an enum's constant names in capitals.
 */
final class CompletionCandidates {
    private CompletionCandidates() {
    }

    private static <E extends Enum<E>> Iterator<String> labels(E[] values, Function<E, String> label) {
        return Arrays.stream(values).map(label).iterator();
    }

    static final class Views implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(ViewKind.values(), ViewKind::label);
        }
    }

    static final class Units implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(DisplayUnit.values(), DisplayUnit::label);
        }
    }

    static final class SortKeys implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(SortKey.values(), SortKey::label);
        }
    }

    static final class ThreadModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(ThreadMode.values(), ThreadMode::label);
        }
    }

    /** {@code record --perf}: the perf tools, not {@code none}, which is no {@code --perf} at all. */
    static final class PerfTools implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("stat", "record").iterator();
        }
    }

    static final class MergeOps implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(MergeOp.values(), MergeOp::label);
        }
    }

    static final class NodeKeys implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(Combine.NodeKey.values(), Combine.NodeKey::label);
        }
    }

    static final class AsyncModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(AsyncMode.values(), AsyncMode::label);
        }
    }

    static final class Styles implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(Presentation.Style.values(), Presentation.Style::label);
        }
    }

    static final class ColourWhens implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(Colour.When.values(), Colour.When::label);
        }
    }

    static final class WarningListings implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return labels(WarningSummary.Listing.values(), WarningSummary.Listing::label);
        }
    }

    /** The input formats on the class path, found only when the script is written. */
    static final class InputFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FormatRegistry.load(CompletionCandidates.class.getClassLoader()).names().iterator();
        }
    }
}
