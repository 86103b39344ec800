package dev.ppw.spark;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A state's bytes kept in chunks: read back whole and in order, across chunk borders, after Java serialization. */
class StateBytesTest {
    @Test
    void bytesAcrossSeveralChunksComeBackInOrder() throws IOException, ClassNotFoundException {
        byte[] data = new byte[2 * StateBytes.CHUNK + 12345];
        new SplittableRandom(7).nextBytes(data);
        StateBytes bytes = StateBytes.of(out -> {
            // written in uneven pieces and single bytes, as a DataOutputStream writes a state
            int at = 0;
            SplittableRandom r = new SplittableRandom(8);
            while (at < data.length) {
                if (r.nextInt(5) == 0) {
                    out.write(data[at++]);
                } else {
                    int n = Math.min(data.length - at, 1 + r.nextInt(1 << 20));
                    out.write(data, at, n);
                    at += n;
                }
            }
        });
        assertEquals(data.length, bytes.size());
        ByteArrayOutputStream serialized = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(serialized)) {
            out.writeObject(bytes);
        }
        StateBytes back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized.toByteArray()))) {
            back = (StateBytes) in.readObject();
        }
        assertArrayEquals(data, back.open().readAllBytes());
    }
}
