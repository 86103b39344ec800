package dev.ppw.pfa.woven;

import dev.ppw.pfa.CriticalPath;
import dev.ppw.pfa.Pointcut;

/**
 * PerfFlowAspect's smoketest.py in Java: foo -> bar -> bas, four times, annotated as the Python is; and one method
 * of each other pointcut. Run woven, by the agent or by the build-time weaver.
 */
public final class Smoketest {
    private Smoketest() {
    }

    @CriticalPath(pointcut = Pointcut.AROUND)
    static void bas() {
        Thread.onSpinWait();
    }

    @CriticalPath(pointcut = Pointcut.AROUND)
    static void bar() throws InterruptedException {
        Thread.sleep(1);
        bas();
    }

    @CriticalPath
    static int foo(String msg) throws InterruptedException {
        Thread.sleep(1);
        bar();
        return msg.equals("hello") ? 1 : 0;
    }

    @CriticalPath(pointcut = Pointcut.BEFORE)
    static void opens() {
    }

    @CriticalPath(pointcut = Pointcut.AFTER)
    static void closes() {
    }

    @CriticalPath(pointcut = Pointcut.AROUND_ASYNC)
    static void fetch() {
        Thread.onSpinWait();
    }

    @CriticalPath(pointcut = Pointcut.BEFORE_ASYNC, scope = "io")
    static void send() {
    }

    @CriticalPath(pointcut = Pointcut.AFTER_ASYNC, scope = "io")
    static void received() {
    }

    @CriticalPath
    static void fails() {
        throw new IllegalStateException("thrown through the advice");
    }

    public static void main(String[] args) throws Exception {
        int hello = 0;
        for (int i = 0; i < 4; i++) {
            hello += foo("hello");
        }
        if (args.length > 0 && args[0].equals("all")) {
            opens();
            closes();
            fetch();
            send();
            received();
            try {
                fails();
            } catch (IllegalStateException expected) {
                hello++;
            }
        }
        System.out.println(hello);
    }
}
