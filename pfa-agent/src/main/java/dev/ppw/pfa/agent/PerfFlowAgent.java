package dev.ppw.pfa.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * {@code -javaagent:pfa-agent.jar}: as classes load, each method annotated {@code @CriticalPath} gets its
 * pointcut's advice inlined (ByteBuddy {@code Advice}, the class's own bytecode decorated, no subclass or
 * rebase). Classes without annotated methods, the JDK's and PerfFlow's own are left as they are; classes already
 * woven at build time ({@code @Woven}) too. The recorder ({@code pfa-recorder.jar}) and the API
 * ({@code pfa-api.jar}) are on the application's class path as without the agent.
 *
 * <p>Start-up: the transformer registered here refers to no ByteBuddy class. A class reaches ByteBuddy only when
 * its bytes hold the annotation's descriptor (every annotation a class file carries is named in its constant
 * pool), so a program's thousands of other classes cost a name test and a byte search, and a program with no
 * annotated class never loads ByteBuddy at all. No retransformation is asked for: classes loaded before the agent
 * are the JDK's.
 */
public final class PerfFlowAgent {
    private PerfFlowAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        install(instrumentation);
    }

    public static void agentmain(String arguments, Instrumentation instrumentation) {
        install(instrumentation);
    }

    static void install(Instrumentation instrumentation) {
        instrumentation.addTransformer(new Transformer(), false);
    }

    /** The pre-filter: names and bytes only; what passes it goes to {@link ClassWeaver}. */
    static final class Transformer implements ClassFileTransformer {
        @Override
        public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                                byte[] bytes) {
            if (redefined != null || name == null || skipped(name) || !mentionsCriticalPath(bytes)) {
                return null;
            }
            try {
                return ClassWeaver.weave(name, bytes, loader);
            } catch (Throwable e) {
                // a class that cannot be woven runs as it is, said in one line; never an error into class loading
                System.err.println("perfflow agent: cannot weave " + name.replace('/', '.') + ": " + e);
                return null;
            }
        }
    }

    private static final String[] SKIPPED = {"java/", "jdk/", "sun/", "com/sun/", "dev/ppw/pfa/agent/",
            "dev/ppw/pfa/recorder/", "dev/ppw/pfa/spi/", "dev/ppw/pfa/PerfFlow", "net/bytebuddy/"};

    /** The JDK's classes and PerfFlow's own, by internal name, as {@link CriticalPathWeaving#skipped()}. */
    static boolean skipped(String internalName) {
        for (String s : SKIPPED) {
            if (internalName.startsWith(s)) {
                return true;
            }
        }
        return false;
    }

    private static final byte[] DESCRIPTOR = "Ldev/ppw/pfa/CriticalPath;".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /**
     * Whether the class file's bytes hold {@code Ldev/ppw/pfa/CriticalPath;}: a class with an annotated method
     * names the annotation in a constant-pool UTF-8 entry (ASCII is the same in modified UTF-8), so a class
     * without it has none. A mention elsewhere (a string constant) only sends the class on to the exact test.
     */
    static boolean mentionsCriticalPath(byte[] bytes) {
        byte first = DESCRIPTOR[0];
        int last = bytes.length - DESCRIPTOR.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (bytes[i] != first) {
                continue;
            }
            for (int j = 1; j < DESCRIPTOR.length; j++) {
                if (bytes[i + j] != DESCRIPTOR[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
