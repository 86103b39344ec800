package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * NVIDIA Nsight Systems reports ({@code .nsys-rep}, formerly {@code .qdrep}), as {@code nsys profile} writes them.
 * Their container has no documented signature, so only the file name suggests one.
 */
public final class NsightReport extends Recognizer {
    public NsightReport() {
        super("nsys", "an Nsight Systems report (.nsys-rep or .qdrep, written by NVIDIA's nsys profile)",
                "no converter to a format ppw-java reads is known to us (nsys export writes SQLite, JSON lines and"
                        + " other layouts of its own; nsys stats summarises it as text)");
    }

    /** {@link Confidence#NAME_ONLY} for a name ending {@code .nsys-rep} or {@code .qdrep}; else none. */
    @Override
    public Confidence probe(Head head) {
        String name = fileName(head);
        return name.endsWith(".nsys-rep") || name.endsWith(".qdrep") ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
