package dev.ppw.pfa;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method on the workflow's critical path, as PerfFlowAspect's {@code @critical_path} decorator does in
 * Python. The annotation itself does nothing: the agent ({@code -javaagent:pfa-agent.jar}) or the build-time
 * weaver ({@code ppw-java weave DIR}) adds the advice to the method. The region's name is the method's name
 * and its {@code cat} the declaring class's binary name. The method body always runs, traced or not.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.CONSTRUCTOR})
public @interface CriticalPath {
    /** Where the advice runs; {@link Pointcut#AROUND} as in PerfFlowAspect. */
    Pointcut pointcut() default Pointcut.AROUND;

    /**
     * The {@code scope} of the async pointcuts' {@code b}/{@code e} events; empty for none, written as
     * {@code "scope": null} as PerfFlowAspect writes it for {@code around_async}.
     */
    String scope() default "";
}
