package dev.ppw.pfa.agent;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * {@code -javaagent:pfa-agent.jar}: as classes load, each method annotated {@code @CriticalPath} gets its
 * pointcut's advice inlined (ByteBuddy {@code Advice}, the class's own bytecode decorated, no subclass or
 * rebase). Classes without annotated methods, the JDK's and PerfFlow's own are left as they are; classes already
 * woven at build time ({@code @Woven}) too. The recorder ({@code pfa-recorder.jar}) and the API
 * ({@code pfa-api.jar}) are on the application's class path as without the agent.
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
        // The advice is inlined and needs no initializer injected at run time: without ByteBuddy's nexus the
        // agent reaches for no sun.misc.Unsafe, which JDK 24 and later warn about on stderr at every start.
        if (System.getProperty(Nexus.PROPERTY) == null) {
            System.setProperty(Nexus.PROPERTY, "true");
        }
        new AgentBuilder.Default()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.PoolStrategy.Default.FAST)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(new OneLineErrors())
                .ignore(CriticalPathWeaving.skipped())
                .type(CriticalPathWeaving.types())
                .transform(PerfFlowAgent::transform)
                .installOn(instrumentation);
    }

    /** A class that cannot be woven runs as it is, said in one line on stderr. */
    private static final class OneLineErrors extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            System.err.println("perfflow agent: cannot weave " + typeName + ": " + error);
        }
    }

    private static DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                                    ClassLoader loader, JavaModule module, ProtectionDomain domain) {
        return CriticalPathWeaving.weave(builder, type, new int[1]);
    }
}
