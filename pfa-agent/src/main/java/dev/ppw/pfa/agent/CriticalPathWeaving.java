package dev.ppw.pfa.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.annotation.AnnotationValue;
import net.bytebuddy.description.enumeration.EnumerationDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.ArrayList;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.is;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * What the agent and the build-time weaver share: which classes to visit and the advice each
 * {@code @CriticalPath} method gets, by its pointcut. The annotation is read by name from the class file, its
 * defaults ({@code AROUND}, no scope) known here, so weaving needs neither the annotation class nor the
 * application's other classes.
 */
final class CriticalPathWeaving {
    static final String CRITICAL_PATH = "dev.ppw.pfa.CriticalPath";
    static final String WOVEN = "dev.ppw.pfa.Woven";

    private CriticalPathWeaving() {
    }

    /**
     * The classes to weave: those declaring an annotated method, not marked woven; never the JDK's
     * ({@code java.*}, {@code jdk.*}, {@code sun.*}) nor PerfFlow's own (the API, the recorder, this agent).
     */
    static ElementMatcher.Junction<TypeDescription> types() {
        return not(skipped()).and(declaresMethod(isAnnotatedWith(named(CRITICAL_PATH))))
                .and(not(isAnnotatedWith(named(WOVEN))));
    }

    static ElementMatcher.Junction<TypeDescription> skipped() {
        return nameStartsWith("java.").or(nameStartsWith("jdk.")).or(nameStartsWith("sun."))
                .or(nameStartsWith("com.sun.")).or(nameStartsWith("dev.ppw.pfa.agent."))
                .or(nameStartsWith("dev.ppw.pfa.recorder.")).or(nameStartsWith("dev.ppw.pfa.spi."))
                .or(named("dev.ppw.pfa.PerfFlow")).or(nameStartsWith("dev.ppw.pfa.PerfFlow$"))
                .or(nameStartsWith("net.bytebuddy."));
    }

    /** {@code builder} with each annotated method of {@code type} advised; the count of methods in {@code woven}. */
    static DynamicType.Builder<?> weave(DynamicType.Builder<?> builder, TypeDescription type, int[] woven) {
        for (AsmVisitorWrapper advice : advices(type)) {
            builder = builder.visit(advice);
            woven[0]++;
        }
        return builder;
    }

    /** The advice of each annotated method of {@code type} that has a body, one visitor wrapper each. */
    static List<AsmVisitorWrapper> advices(TypeDescription type) {
        List<AsmVisitorWrapper> advices = new ArrayList<>();
        for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
            AnnotationDescription a = annotation(m);
            if (a == null || m.isAbstract() || m.isNative()) {
                continue;
            }
            String pointcut = "AROUND";
            String scope = "";
            Object pv = value(a, "pointcut");
            if (pv instanceof EnumerationDescription e) {
                pointcut = e.getValue();
            } else if (pv instanceof Enum<?> e) {
                pointcut = e.name();
            }
            Object sv = value(a, "scope");
            if (sv instanceof String s) {
                scope = s;
            }
            Advice advice = switch (pointcut) {
                case "BEFORE" -> Advice.to(Advices.Before.class);
                case "AFTER" -> Advice.to(Advices.After.class);
                case "AROUND_ASYNC" -> Advice.to(Advices.AroundAsync.class);
                case "BEFORE_ASYNC" -> Advice.withCustomMapping().bind(Advices.Scope.class, scope)
                        .to(Advices.BeforeAsync.class);
                case "AFTER_ASYNC" -> Advice.withCustomMapping().bind(Advices.Scope.class, scope)
                        .to(Advices.AfterAsync.class);
                default -> Advice.to(Advices.Around.class);
            };
            advices.add(advice.on(is(m)));
        }
        return advices;
    }

    /** An element given in the class file, or null when absent (then its default is ours) or unreadable. */
    private static Object value(AnnotationDescription a, String element) {
        try {
            AnnotationValue<?, ?> v = a.getValue(element);
            return v == null ? null : v.resolve();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static AnnotationDescription annotation(MethodDescription m) {
        for (AnnotationDescription a : m.getDeclaredAnnotations()) {
            if (a.getAnnotationType().getName().equals(CRITICAL_PATH)) {
                return a;
            }
        }
        return null;
    }
}
