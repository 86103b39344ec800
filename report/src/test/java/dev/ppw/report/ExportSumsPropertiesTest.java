package dev.ppw.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The sums an export makes of a profile's values (TAU's flat timers, speedscope's {@code endValue}) at the limits of a
 * long: many contexts of one region, each near 2^63 - 1 (or -2^63), are written as their exact sum, never wrapped nor
 * stopped (SEMANTICS.md section 5, "Limits").
 */
class ExportSumsPropertiesTest {
    /** Values at the edge of a long, of both signs, and small ones among them. */
    private static final Gen<Long> EDGE = longs().between(Long.MAX_VALUE - 1000, Long.MAX_VALUE)
            .mix(longs().between(Long.MIN_VALUE, Long.MIN_VALUE + 1000), 20)
            .mix(longs().between(-1000, 1000), 20);
    private static final Gen<List<Long>> CONTEXTS = lists().of(EDGE).ofSizeBetween(1, 40);

    @Test
    void aTauFlatTimerIsTheExactSumOfItsRegionsContexts() {
        qt().withExamples(300).forAll(CONTEXTS, integers().between(0, 1000)).checkAssert((values, shift) -> {
            Profile p = contexts(values, shift);
            String tau = render(new TauProfileWriter(), p);
            BigInteger calls = BigInteger.ZERO;
            BigInteger exclusive = BigInteger.ZERO;
            BigInteger inclusive = BigInteger.ZERO;
            for (long v : values) {
                calls = calls.add(BigInteger.valueOf(v));
                exclusive = exclusive.add(BigInteger.valueOf(v - Long.signum(v) * (long) shift));
                inclusive = inclusive.add(BigInteger.valueOf(v));
            }
            // "f": calls, subcalls (0), exclusive, inclusive (no f above any f), in exact decimal microseconds
            String expected = "\"f\" " + calls + " 0 " + micros(exclusive) + ' ' + micros(inclusive)
                    + " 0 GROUP=\"TAU_DEFAULT\"";
            assertTrue(tau.lines().anyMatch(expected::equals), () -> expected + " in\n" + tau);
        });
    }

    @Test
    void speedscopesEndValueIsTheExactSumOfTheStacksItWrites() {
        qt().withExamples(300).forAll(CONTEXTS, integers().between(0, 1000)).checkAssert((values, shift) -> {
            Profile p = contexts(values, shift);
            try {
                JsonNode file = SpeedscopeWriterTest.write(new Report(p, Report.allRows(p), 0,
                        Optional.of(DisplayUnit.NS)));
                BigInteger positive = BigInteger.ZERO;
                for (long v : values) {
                    long exclusive = v - Long.signum(v) * (long) shift;
                    if (exclusive > 0) {
                        positive = positive.add(BigInteger.valueOf(exclusive));
                    }
                }
                JsonNode profile = file.get("profiles").get(0);
                assertEquals(positive, profile.get("endValue").bigIntegerValue());
                BigInteger weights = BigInteger.ZERO;
                for (JsonNode w : profile.get("weights")) {
                    weights = weights.add(w.bigIntegerValue());
                }
                assertEquals(positive, weights, "the end is the sum of the weights");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Test
    void aWideSumIsWrittenInEveryUnitExactly() {
        ExactSum s = new ExactSum();
        s.add(Long.MAX_VALUE);
        s.add(Long.MAX_VALUE);
        s.add(2);
        assertEquals("18446744073709551616", s.count());
        assertEquals("18446744073709551.616", s.in(DisplayUnit.US));
        assertEquals("18446744073.709551616", s.in(DisplayUnit.S));
        ExactSum round = new ExactSum();
        round.add(Long.MAX_VALUE);
        round.add(Long.MAX_VALUE);
        round.add(1_000_000_002L);
        assertEquals("18446744074709.551616", round.in(DisplayUnit.MS));
        ExactSum whole = new ExactSum();
        whole.add(5_000_000_000_000_000_000L);
        whole.add(5_000_000_000_000_000_000L);
        assertEquals("10000000000000000", whole.in(DisplayUnit.US), "whole microseconds: no exponent, no point");
        ExactSum back = new ExactSum();
        back.add(Long.MAX_VALUE);
        back.add(Long.MAX_VALUE);
        back.add(Long.MIN_VALUE);
        back.add(Long.MIN_VALUE);
        assertEquals("-2", back.count(), "past the limit and back: exact");
    }

    /**
     * Root {@code r<i>} per value, each calling {@code f} once with that value as its calls and inclusive time and the
     * value less {@code shift} towards 0 as its exclusive time: {@code f}'s contexts are many, at the limits.
     */
    private static Profile contexts(List<Long> values, int shift) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        for (int i = 0; i < values.size(); i++) {
            long v = values.get(i);
            int root = t.child(CallTree.ROOT, t.frames().intern("r" + i));
            int f = t.child(root, t.frames().intern("f"));
            t.setMetrics(root, 1, 1, 0, 0, CallTree.UNSET, CallTree.UNSET);
            t.setMetrics(f, v, 0, v, v - Long.signum(v) * (long) shift, CallTree.UNSET, CallTree.UNSET);
        }
        return Profile.single(t, List.of("edge.json"), Map.of(), Map.of());
    }

    private static String render(TauProfileWriter writer, Profile p) {
        try {
            return Fixtures.render(writer, p, Report.allRows(p), 0, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String micros(BigInteger nanos) {
        BigDecimal d = new BigDecimal(nanos, 3).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }
}
