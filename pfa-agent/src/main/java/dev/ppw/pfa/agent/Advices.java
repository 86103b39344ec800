package dev.ppw.pfa.agent;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Pointcut;
import dev.ppw.pfa.Region;
import net.bytebuddy.asm.Advice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The advice of each pointcut, inlined into {@code @CriticalPath} methods by ByteBuddy: the method's name and
 * its declaring class's binary name are constants of the woven code, and the calls are those a hand-written
 * {@link PerfFlow} region makes, so a woven method costs what the region written by hand costs.
 */
final class Advices {
    private Advices() {
    }

    /** Binds an advice parameter to the annotation's {@code scope}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Scope {
    }

    /** {@code around}: a region from entry to exit, closed on a thrown exit too, so that nesting stays whole. */
    static final class Around {
        private Around() {
        }

        @Advice.OnMethodEnter
        static Region enter(@Advice.Origin("#m") String name, @Advice.Origin("#t") String cat) {
            return PerfFlow.region(name, cat);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class)
        static void exit(@Advice.Enter Region region) {
            region.close();
        }
    }

    /** {@code before}: a {@code B} at entry. */
    static final class Before {
        private Before() {
        }

        @Advice.OnMethodEnter
        static void enter(@Advice.Origin("#m") String name, @Advice.Origin("#t") String cat) {
            PerfFlow.syncEvent(Pointcut.BEFORE, name, cat);
        }
    }

    /** {@code after}: an {@code E} at a normal return, as PerfFlowAspect writes none when the function raises. */
    static final class After {
        private After() {
        }

        @Advice.OnMethodExit
        static void exit(@Advice.Origin("#m") String name, @Advice.Origin("#t") String cat) {
            PerfFlow.syncEvent(Pointcut.AFTER, name, cat);
        }
    }

    /** {@code around_async}: {@code b} at entry, {@code e} at exit, the thread's id as {@code id}. */
    static final class AroundAsync {
        private AroundAsync() {
        }

        @Advice.OnMethodEnter
        static Region enter(@Advice.Origin("#m") String name, @Advice.Origin("#t") String cat) {
            return PerfFlow.enter(Pointcut.AROUND_ASYNC, name, cat, "");
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class)
        static void exit(@Advice.Enter Region region) {
            region.close();
        }
    }

    /** {@code before_async}: a {@code b} at entry with the annotation's scope. */
    static final class BeforeAsync {
        private BeforeAsync() {
        }

        @Advice.OnMethodEnter
        static void enter(@Advice.Origin("#m") String name, @Advice.Origin("#t") String cat, @Scope String scope) {
            PerfFlow.enter(Pointcut.BEFORE_ASYNC, name, cat, scope);
        }
    }

    /** {@code after_async}: an {@code e} at a normal return with the annotation's scope. */
    static final class AfterAsync {
        private AfterAsync() {
        }

        @Advice.OnMethodExit
        static void exit(@Advice.Origin("#m") String name, @Advice.Origin("#t") String cat, @Scope String scope) {
            PerfFlow.exit(Pointcut.AFTER_ASYNC, name, cat, scope);
        }
    }
}
