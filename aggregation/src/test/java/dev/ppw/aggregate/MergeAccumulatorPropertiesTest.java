package dev.ppw.aggregate;

import dev.ppw.aggregate.MergeInputs.Input;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The accumulator's contract over generated inputs (see {@link MergeInputs}): any split of the inputs into
 * accumulators, each filled in any order, combined in any grouping and direction (some shipped through
 * {@link MergeAccumulator#toBytes()} on the way), gives bit for bit the result of adding the inputs one by
 * one in index order, under every operator and missing rule, with and without the breakdown. The seed
 * drives every choice, so a failure names the seed that reproduces it.
 */
class MergeAccumulatorPropertiesTest {
    private static final int EXAMPLES = 150;

    @Test
    void anyGroupingOfCombinesEqualsAddingOneByOneInIndexOrder() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(0, 9)).checkAssert((seed, count) -> {
            List<Input> inputs = MergeInputs.inputs(new Random(seed), count);
            Random choices = new Random(~seed);
            for (MergeOp op : MergeOp.values()) {
                for (MissingRule rule : MissingRule.values()) {
                    for (boolean breakdown : new boolean[] {false, true}) {
                        MergeAccumulator oneByOne = accumulator(op, rule, breakdown);
                        inputs.forEach(in -> in.addTo(oneByOne));
                        MergeAccumulator grouped = grouped(inputs, op, rule, breakdown, choices);
                        String where = "seed " + seed + " " + op + " " + rule + " breakdown " + breakdown;
                        for (boolean recompute : new boolean[] {false, true}) {
                            assertEquals(MergeInputs.dump(oneByOne.result(recompute)),
                                    MergeInputs.dump(grouped.result(recompute)), where);
                        }
                        assertArrayEquals(oneByOne.toBytes(), grouped.toBytes(), where + ": the states differ");
                    }
                }
            }
        });
    }

    @Test
    void aStateReadBackFromItsBytesCombinesAndResultsAsTheOriginal() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(0, 8), integers().between(0, 3))
                .checkAssert((seed, count, opIndex) -> {
                    List<Input> inputs = MergeInputs.inputs(new Random(seed), count);
                    MergeOp op = MergeOp.values()[opIndex];
                    MissingRule rule = MissingRule.values()[(int) (seed & 1)];
                    MergeAccumulator original = accumulator(op, rule, true);
                    MergeAccumulator rest = accumulator(op, rule, true);
                    for (Input in : inputs) {
                        in.addTo(in.index() % 2 == 0 ? original : rest);
                    }
                    MergeAccumulator copy = MergeAccumulator.fromBytes(original.toBytes());
                    assertArrayEquals(original.toBytes(), copy.toBytes());
                    assertEquals(MergeInputs.dump(original.result(false)), MergeInputs.dump(copy.result(false)));
                    original.combine(rest);
                    copy.combine(rest);
                    assertEquals(MergeInputs.dump(original.result(true)), MergeInputs.dump(copy.result(true)),
                            "seed " + seed);
                });
    }

    static MergeAccumulator accumulator(MergeOp op, MissingRule rule, boolean breakdown) {
        return new MergeAccumulator(op, rule, breakdown, ViewKind.TREE, 0);
    }

    /** The inputs split at random into 1 to 4 accumulators, each filled in a random order, then combined. */
    private static MergeAccumulator grouped(List<Input> inputs, MergeOp op, MissingRule rule, boolean breakdown,
                                            Random choices) {
        int parts = 1 + choices.nextInt(4);
        List<List<Input>> split = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            split.add(new ArrayList<>());
        }
        inputs.forEach(in -> split.get(choices.nextInt(parts)).add(in));
        List<MergeAccumulator> accumulators = new ArrayList<>();
        for (List<Input> part : split) {
            Collections.shuffle(part, choices);
            MergeAccumulator m = accumulator(op, rule, breakdown);
            part.forEach(in -> in.addTo(m));
            accumulators.add(choices.nextInt(3) == 0 ? MergeAccumulator.fromBytes(m.toBytes()) : m);
        }
        return combined(accumulators, choices);
    }

    /** One random bracketing of the list's combines, each combining either side into the other. */
    private static MergeAccumulator combined(List<MergeAccumulator> list, Random choices) {
        if (list.size() == 1) {
            return list.get(0);
        }
        int cut = 1 + choices.nextInt(list.size() - 1);
        MergeAccumulator left = combined(list.subList(0, cut), choices);
        MergeAccumulator right = combined(list.subList(cut, list.size()), choices);
        if (choices.nextBoolean()) {
            left.combine(right);
            return left;
        }
        right.combine(left);
        return right;
    }
}
