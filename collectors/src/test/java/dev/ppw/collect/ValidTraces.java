package dev.ppw.collect;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.ppw.collect.TestInputs.resource;

/**
 * Valid traces to damage: the PerfFlowAspect and tsc copies in {@code traces/}, and small hand-made ones
 * that reach what those do not (the object form with keys around {@code traceEvents}, async ids, literals,
 * escapes, exponents, a BOM, CRLF line ends, non-ASCII names).
 */
final class ValidTraces {
    /** A named valid trace. */
    record Seed(String name, byte[] bytes) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static final List<String> SHARED = List.of(
            "perfflowaspect/verbose/perfflow.array.vm.7505.pfw",
            "perfflowaspect/compact/perfflow.array.vm.7530.pfw",
            "perfflowaspect/cpumem_verbose/perfflow.array.vm.7534.pfw",
            "perfflowaspect/cpumem_compact/perfflow.array.vm.7538.pfw",
            "perfflowaspect/future/perfflow.array.vm.7640.pfw",
            "perfflowaspect/multiproc/perfflow.array.mp.7555.pfw",
            "perfflowaspect/object/perfflow.object.vm.7635.pfw",
            "perfflowaspect/nodes4/perfflow.array.node0.{fJobA}.vm.7541.pfw",
            "tsc-5.9.3-projectA.trace.json");

    /** Every kind of event the reader dispatches, and values of every JSON type, in the array form. */
    static final String SMALL_ARRAY = """
            [
            {"ph":"M","pid":1,"name":"process_name","args":{"name":"proc \\u00e9\\n"}},
            {"ph":"M","pid":1,"tid":"main","name":"thread_name","args":{"name":"main"}},
            {"ph":"B","pid":1,"tid":"main","ts":1.5,"name":"outer","args":{"n":[true,false,null,-1.5e3,{}]}},
            {"ph":"X","pid":1,"tid":"main","ts":2,"dur":0.25,"name":"inner \\"q\\" \u00fc\u4e2d","cat":"c"},
            {"ph":"X","pid":1.0,"tid":"main","ts":2.5E0,"dur":1e-1,"name":42},
            {"ph":"b","pid":1,"cat":"io","id2":{"local":"0x1"},"ts":3,"name":"req","scope":null},
            {"ph":"e","pid":1,"cat":"io","id2":{"local":"0x1"},"ts":4,"name":"req"},
            {"ph":"C","pid":1,"ts":4,"name":"mem","args":{"v":12}},
            {"ph":"i","pid":1,"tid":"main","ts":4.25,"name":"tick","s":"t"},
            {"ph":"E","pid":1,"tid":"main","ts":5,"name":"outer","flag":false},
            {}
            ]
            """;

    /** The object form, with keys before and after {@code traceEvents}. */
    static final String SMALL_OBJECT = """
            {"displayTimeUnit":"ns","otherData":{"version":"1","list":[1,{"a":null}]},
             "traceEvents":[
              {"ph":"B","pid":2,"tid":3,"ts":10,"name":"a"},
              {"ph":"X","pid":2,"tid":3,"ts":11,"dur":2,"name":"b"},
              {"ph":"E","pid":2,"tid":3,"ts":20,"name":"a"}
             ],
             "metadata":{"k":[true,null,1.5]}}
            """;

    static List<Seed> all() {
        List<Seed> seeds = new ArrayList<>();
        for (String path : SHARED) {
            seeds.add(new Seed(path.substring(path.lastIndexOf('/') + 1), resource(path)));
        }
        seeds.addAll(small());
        return seeds;
    }

    /** The hand-made seeds, and variants of them: BOM, CRLF, PerfFlowAspect's unterminated style. */
    static List<Seed> small() {
        String unterminated = SMALL_ARRAY.replace("{}\n]\n", "");
        return List.of(
                seed("small-array.json", SMALL_ARRAY),
                seed("small-object.json", SMALL_OBJECT),
                seed("small-bom-crlf.json", "\uFEFF" + SMALL_ARRAY.replace("\n", "\r\n")),
                seed("small-unterminated.pfw", unterminated + unterminated));
    }

    private static Seed seed(String name, String text) {
        return new Seed(name, text.getBytes(StandardCharsets.UTF_8));
    }
}
