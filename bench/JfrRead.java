import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The least a reader of a JFR recording's samples does with the JDK's parser: every event read by a plain
 * RecordingFile loop, the frames of each sample's stack touched (method and line), nothing kept but counts.
 * The floor for the jfr reader (bench/jfr-bench.sh), which also folds the stacks into a tree.
 *   java bench/JfrRead.java FILE.jfr
 */
public class JfrRead {
    public static void main(String[] args) throws Exception {
        Map<String, Long> counts = new TreeMap<>();
        long frames = 0;
        long hash = 0;
        try (RecordingFile recording = new RecordingFile(Path.of(args[0]))) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                counts.merge(type, 1L, Long::sum);
                if (type.equals("jdk.ExecutionSample") || type.equals("jdk.ObjectAllocationSample")
                        || type.equals("jdk.NativeMethodSample")) {
                    RecordedStackTrace trace = e.getStackTrace();
                    if (trace != null) {
                        for (RecordedFrame f : trace.getFrames()) {
                            hash += f.getMethod().getName().hashCode() + f.getLineNumber();
                            frames++;
                        }
                    }
                }
            }
        }
        System.out.println("jdk.ExecutionSample " + counts.getOrDefault("jdk.ExecutionSample", 0L)
                + ", jdk.ObjectAllocationSample " + counts.getOrDefault("jdk.ObjectAllocationSample", 0L)
                + ", frames " + frames + " (" + hash + ")");
    }
}
