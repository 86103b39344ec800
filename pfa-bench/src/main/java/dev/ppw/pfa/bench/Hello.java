package dev.ppw.pfa.bench;

import dev.ppw.pfa.CriticalPath;
import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;

/**
 * The start-up programs of bench/pfa-bench.sh: {@code annotated} says hello from a {@code @CriticalPath} method
 * (traced under the agent, or once woven), {@code api} from a hand-written region, {@code plain} with nothing.
 */
public final class Hello {
    private Hello() {
    }

    public static void main(String[] args) {
        switch (args.length == 0 ? "plain" : args[0]) {
            case "annotated" -> hello();
            case "api" -> {
                try (Region r = PerfFlow.region("hello")) {
                    System.out.println("hello");
                }
            }
            default -> System.out.println("hello");
        }
    }

    @CriticalPath
    static void hello() {
        System.out.println("hello");
    }
}
