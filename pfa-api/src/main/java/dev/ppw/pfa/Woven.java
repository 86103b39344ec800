package dev.ppw.pfa;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Put on a class by the build-time weaver ({@code ppw-java weave}) once its {@link CriticalPath} methods carry
 * their advice: the agent and a second weave leave such a class alone, so that no method is advised twice.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Woven {
}
