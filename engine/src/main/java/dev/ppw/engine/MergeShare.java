package dev.ppw.engine;

import dev.ppw.model.DroppedInputs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * What a share of a merge has accumulated ({@link MergeShares#accumulate}): the whole merge's state of its inputs
 * and, when split, each phase's. Shares of disjoint inputs of one merge {@link #combine} in any grouping into exactly
 * the state of one accumulation of all of them. Not thread-safe.
 */
public final class MergeShare {
    private final MergeState state;

    MergeShare(MergeState state) {
        this.state = state;
    }

    MergeState state() {
        return state;
    }

    /** How many inputs this share holds: accumulated, or left out because they could not be read. */
    public int inputCount() {
        return state.whole().inputCount() + (int) state.whole().droppedInputs().count();
    }

    /**
     * The inputs this share left out because they could not be read, each with its message: a front end that
     * accumulates with {@link ReadingOptions#skipBad()} to keep its tasks from failing applies the merge's own rule
     * to them once every share is combined ({@link dev.ppw.model.BadInputsException} when it does not skip).
     */
    public DroppedInputs droppedInputs() {
        return state.whole().droppedInputs();
    }

    /**
     * Adds what {@code other}, a share of other inputs of the same merge, holds; {@code other} is not changed.
     *
     * @throws IllegalArgumentException when it is a share of another merge (settings, split) or shares an input
     */
    public void combine(MergeShare other) {
        if (other == this) {
            throw new IllegalArgumentException("a share cannot be combined with itself");
        }
        state.combine(other.state);
    }

    /**
     * Writes the share to {@code out} as it goes (a share of any size: it is never held as one array), in a binary
     * form that {@link #readFrom} reads in another process of the same version, each node's view with it when the
     * merge keeps them ({@link Analysis#sections()}); {@code out} stays open. Equal shares give equal bytes.
     */
    public void writeTo(OutputStream out) throws IOException {
        state.writeTo(out);
    }

    /**
     * The share {@link #writeTo} wrote.
     *
     * @throws IllegalArgumentException when the bytes are not a share, or of another version
     * @throws IOException              when {@code in} fails or ends within the share
     */
    public static MergeShare readFrom(InputStream in) throws IOException {
        return new MergeShare(MergeState.readFrom(in));
    }

    /** {@link #writeTo}'s bytes, for a share small enough for one array. */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            writeTo(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The share {@code bytes} hold.
     *
     * @throws IllegalArgumentException when they are not a whole share
     */
    public static MergeShare fromBytes(byte[] bytes) {
        try (ByteArrayInputStream in = new ByteArrayInputStream(bytes)) {
            MergeShare share = readFrom(in);
            if (in.read() != -1) {
                throw new IllegalArgumentException("merge share: bytes after its end");
            }
            return share;
        } catch (IOException e) {
            throw new IllegalArgumentException("merge share cut short or damaged: " + e, e);
        }
    }
}
