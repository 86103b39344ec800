package dev.ppw.collect.chrome;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.ppw.collect.TestInputs.failure;
import static dev.ppw.collect.TestInputs.read;
import static dev.ppw.collect.TestInputs.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChromeTraceReaderTest {

    @Test
    void instantsReachTheSinkAsPhaseMarkersAndAreStillCountedAsTheirPhase() throws Exception {
        RecordingSink sink = read("""
                [{"ph":"i","name":"solve","pid":1,"tid":2,"ts":1.5,"s":"g"},
                 {"ph":"I","name":"old","pid":1,"tid":2,"ts":2},
                 {"ph":"R","name":"mark","pid":1,"tid":2,"ts":3},
                 {"ph":"i","pid":1,"tid":2,"ts":4},
                 {"ph":"i","name":"no time","pid":1,"tid":2}]""");
        assertEquals(List.of("beginInput t.json", "instant T(1,2) 1500 solve", "instant T(1,2) 2000 old",
                "instant T(1,2) 3000 mark", "instant T(1,2) 4000 <unnamed>", "endInput"),
                sink.calls());
        assertEquals(3, sink.diagnostics().noteCount(ChromeTraceReader.PHASE_NOTE_PREFIX + "i"));
    }

    @Test
    void dispatchesEachTimedAndMetadataPhaseToTheSink() {
        RecordingSink sink = read("""
                [{"ph":"B","pid":1,"tid":2,"ts":1,"name":"a"},
                 {"ph":"E","pid":1,"tid":2,"ts":3,"name":"a"},
                 {"ph":"X","pid":1,"tid":2,"ts":1.5,"dur":0.25,"name":"x"},
                 {"ph":"b","pid":1,"cat":"c","id":7,"ts":2,"name":"as"},
                 {"ph":"e","pid":1,"cat":"c","id":"7","ts":4,"name":"as"},
                 {"ph":"M","pid":1,"name":"process_name","args":{"name":"proc"}},
                 {"ph":"M","pid":1,"tid":2,"name":"thread_name","args":{"other":[1,{"name":"no"}],"name":"main"}}]
                """);
        assertEquals(List.of(
                "beginInput t.json",
                "B T(1,2) 1000 a",
                "E T(1,2) 3000 a",
                "X T(1,2) 1500 250 x",
                "B A(1,c,7) 2000 as",
                "E A(1,c,7) 4000 as",
                "process_name 1 proc",
                "thread_name 1 2 main",
                "endInput"), sink.calls());
        assertEquals(Map.of(), sink.warnings());
        assertEquals(Map.of(), sink.notes());
    }

    @Test
    void everyOtherPhaseIsANoteNotAWarning() {
        RecordingSink sink = read("""
                [{"ph":"C","ts":1,"name":"c","args":{"v":1}}, {"ph":"i","ts":1}, {"ph":"I","ts":1}, {"ph":"n","ts":1},
                 {"ph":"R","ts":1}, {"ph":"s","ts":1,"id":1}, {"ph":"t","ts":1}, {"ph":"f","ts":1}, {"ph":"P","ts":1},
                 {"ph":"O","ts":1}, {"ph":"N","ts":1}, {"ph":"D","ts":1}, {"ph":"C"},
                 {"ph":"M","name":"TracingStartedInBrowser","pid":{"odd":1}},
                 {"ph":"Z"}, {"ph":"XY","ts":"x"}]
                """);
        // The C with a numeric arg is a generic counter sample now; the one without any is only counted.
        assertEquals(1, sink.count("counter"));
        assertEquals(Map.ofEntries(Map.entry("phase_C", 1L), Map.entry("phase_i", 1L), Map.entry("phase_I", 1L),
                Map.entry("phase_n", 1L), Map.entry("phase_R", 1L), Map.entry("phase_s", 1L), Map.entry("phase_t", 1L),
                Map.entry("phase_f", 1L), Map.entry("phase_P", 1L), Map.entry("phase_O", 1L), Map.entry("phase_N", 1L),
                Map.entry("phase_D", 1L), Map.entry("phase_M", 1L), Map.entry("phase_Z", 1L), Map.entry("phase_XY", 1L)),
                sink.notes());
        assertEquals(Map.of(), sink.warnings());
        assertEquals(List.of(), sink.events());
    }

    @Test
    void missingEmptyOrNonStringPhIsABadEventWithItsPosition() {
        RecordingSink sink = read("[\n{\"ts\":1,\"name\":\"a\"},\n  {\"ph\":5,\"ts\":1},\n{\"ph\":\"\"},{\"ph\":null},{\"ph\":[\"B\"]}]");
        assertEquals(Map.of("bad_event", 5L), sink.warnings());
        assertEquals("t.json:2:1: event without \"ph\"", sink.firstExample("bad_event"));
        assertEquals("t.json:3:3: \"ph\" is not a non-empty string",
                sink.diagnostics().warnings().get("bad_event").examples().get(1));
        assertEquals(List.of(), sink.events());
    }

    @Test
    void trackKeysAreCanonicalText() {
        RecordingSink sink = read("""
                [{"ph":"X","ts":0,"pid":1,"tid":1},
                 {"ph":"X","ts":0,"pid":1.0,"tid":1e0},
                 {"ph":"X","ts":0,"pid":"1","tid":10e-1},
                 {"ph":"X","ts":0,"pid":1.000e0,"tid":100E-2},
                 {"ph":"X","ts":0,"pid":1.5,"tid":-0},
                 {"ph":"X","ts":0,"pid":-0.0,"tid":1e2},
                 {"ph":"X","ts":0,"pid":"01","tid":"1.0"},
                 {"ph":"X","ts":0,"pid":null},
                 {"ph":"X","ts":0,"pid":true,"tid":false},
                 {"ph":"X","ts":0,"pid":12345678901234567890123,"tid":-7},
                 {"ph":"X","ts":0,"pid":0.000012300}]
                """);
        assertEquals(List.of("T(1,1)", "T(1.5,0)", "T(0,100)", "T(01,1.0)", "T(,)", "T(true,false)",
                "T(12345678901234567890123,-7)", "T(0.0000123,)"), sink.tracks());
        assertEquals(11, sink.count("X"));
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void asyncIdIsIdElseId2LocalElseId2Global() {
        RecordingSink sink = read("""
                [{"ph":"b","ts":1,"pid":1,"cat":"c","id":"0x1f","id2":{"local":"L"}},
                 {"ph":"b","ts":1,"pid":1,"cat":"c","id2":{"local":"0x2","global":"G"}},
                 {"ph":"b","ts":1,"pid":1,"cat":"c","id2":{"global":3.0}},
                 {"ph":"b","ts":1,"pid":1,"cat":"c","id":null,"id2":{"global":"G"}},
                 {"ph":"e","ts":2,"pid":1},
                 {"ph":"e","ts":2,"pid":1,"cat":7,"id2":{"other":1}}]
                """);
        assertEquals(List.of("A(1,c,0x1f)", "A(1,c,0x2)", "A(1,c,3)", "A(1,c,G)", "A(1,,)", "A(1,7,)"), sink.tracks());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void objectOrArrayKeysDropTheEventsThatNeedThem() {
        RecordingSink sink = read("""
                [{"ph":"B","ts":1,"pid":{"a":1},"tid":1},
                 {"ph":"E","ts":1,"pid":1,"tid":[1]},
                 {"ph":"X","ts":1,"pid":1,"tid":1,"cat":{"ignored":"for sync events"}},
                 {"ph":"b","ts":1,"pid":1,"cat":"c","id":{"x":[1,2]}},
                 {"ph":"b","ts":1,"pid":1,"cat":["c"],"id":1},
                 {"ph":"e","ts":1,"pid":1,"cat":"c","id2":[1]},
                 {"ph":"e","ts":1,"pid":1,"cat":"c","id2":{"local":{}}},
                 {"ph":"M","name":"process_name","pid":[],"args":{"name":"p"}},
                 {"ph":"M","name":"thread_name","pid":1,"tid":{},"args":{"name":"t"}},
                 {"ph":"i","ts":1,"pid":{},"tid":[]}]
                """);
        assertEquals(Map.of("bad_event", 8L), sink.warnings());
        assertEquals(List.of("X T(1,1) 1000 0 <unnamed>"), sink.events());
        assertEquals(Map.of("phase_i", 1L), sink.notes());
        assertEquals("t.json:1:2: B '<unnamed>': pid or tid is an object, an array or not finite", sink.firstExample("bad_event"));
    }

    @Test
    void regionNamesFollowTheContract() {
        RecordingSink sink = read("""
                [{"ph":"X","ts":0,"name":"plain"}, {"ph":"X","ts":0,"name":1.50}, {"ph":"X","ts":0,"name":1e3},
                 {"ph":"X","ts":0,"name":-0}, {"ph":"X","ts":0,"name":true}, {"ph":"X","ts":0,"name":false},
                 {"ph":"X","ts":0}, {"ph":"X","ts":0,"name":null}, {"ph":"X","ts":0,"name":""},
                 {"ph":"X","ts":0,"name":{"a":"b"}}, {"ph":"X","ts":0,"name":["a"]},
                 {"ph":"X","ts":0,"name":"a => b \\u00e9\\n"}, {"ph":"X","ts":0,"name":" "},
                 {"ph":"B","ts":0,"name":7}, {"ph":"E","ts":1,"name":7}, {"ph":"E","ts":1}]
                """);
        List<String> x = List.of("plain", "1.50", "1e3", "-0", "true", "false", "<unnamed>", "<unnamed>", "<unnamed>",
                "<unnamed>", "<unnamed>", "a => b \u00e9\n", " ");
        List<String> expected = new ArrayList<>();
        for (String name : x) {
            expected.add("X T(,) 0 0 " + name);
        }
        expected.addAll(List.of("B T(,) 0 7", "E T(,) 1000 7", "E T(,) 1000 (no name)"));
        assertEquals(expected, sink.events());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void timesAreExactDecimalMicrosecondsRoundedToNanoseconds() {
        RecordingSink sink = read("""
                {"displayTimeUnit":"ns","traceEvents":[
                 {"ph":"X","ts":1795322503741605.5,"dur":12.75,"name":"a"},
                 {"ph":"X","ts":178603.13999999998,"dur":0.0005,"name":"b"},
                 {"ph":"X","ts":1.5e3,"dur":2E-3,"name":"c"},
                 {"ph":"X","ts":-0.0005,"dur":-0.0004,"name":"d"},
                 {"ph":"B","ts":9223372036854775.807,"name":"e"},
                 {"ph":"E","ts":-9223372036854775.807,"name":"e"},
                 {"ph":"X","ts":5,"name":"no dur"}],
                 "displayTimeUnit":"ms"}
                """);
        assertEquals(List.of(
                "X T(,) 1795322503741605500 12750 a",
                "X T(,) 178603140 1 b",
                "X T(,) 1500000 2 c",
                "X T(,) -1 0 d",
                "B T(,) 9223372036854775807 e",
                "E T(,) -9223372036854775807 e",
                "X T(,) 5000 0 no dur"), sink.events());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void eventsWithoutAUsableTsAreDroppedAsMissingTs() {
        RecordingSink sink = read("""
                [{"ph":"B","name":"none"}, {"ph":"E","ts":"12:30","name":"string"}, {"ph":"X","ts":NaN,"name":"nan"},
                 {"ph":"b","ts":Infinity,"id":1}, {"ph":"e","ts":-Infinity,"id":1}, {"ph":"X","ts":1e300},
                 {"ph":"X","ts":null}, {"ph":"X","ts":true}, {"ph":"X","ts":{"us":1}}, {"ph":"X","ts":[1]},
                 {"ph":"X","ts":9223372036854775.808}, {"ph":"X","ts":"9223372036854775.808"}, {"ph":"X","ts":""},
                 {"ph":"M","name":"process_name","pid":1,"args":{"name":"p"}}, {"ph":"i"}, {"ph":"X","ts":1}]
                """);
        assertEquals(Map.of("missing_ts", 13L), sink.warnings());
        assertEquals(List.of("X T(,) 1000 0 <unnamed>"), sink.events());
        assertTrue(sink.calls().contains("process_name 1 p"), sink.calls().toString());
        List<String> examples = sink.diagnostics().warnings().get("missing_ts").examples();
        assertEquals("t.json:1:2: B 'none' has no \"ts\"", examples.get(0));
        assertEquals("t.json:1:28: E 'string' has \"ts\" \"12:30\", a string that is not a decimal number",
                examples.get(1));
        assertEquals("t.json:1:69: X 'nan' has \"ts\" NaN, not a finite number", examples.get(2));
    }

    @Test
    void aBadDurationDropsItsCompleteEvent() {
        RecordingSink sink = read("""
                [{"ph":"X","ts":1,"dur":-1,"name":"neg"}, {"ph":"X","ts":1,"dur":-0.0005,"name":"half"},
                 {"ph":"X","ts":1,"dur":"5 us","name":"str"}, {"ph":"X","ts":1,"dur":NaN}, {"ph":"X","ts":1,"dur":1e300},
                 {"ph":"X","ts":1,"dur":null}, {"ph":"X","ts":1,"dur":{}},
                 {"ph":"X","ts":1,"dur":-0.0004,"name":"rounds to zero"},
                 {"ph":"B","ts":1,"dur":"ignored","name":"b"}, {"ph":"X","dur":-1,"name":"ts first"}]
                """);
        assertEquals(Map.of("bad_duration", 7L, "missing_ts", 1L), sink.warnings());
        assertEquals(List.of("X T(,) 1000 0 rounds to zero", "B T(,) 1000 b"), sink.events());
        assertEquals("t.json:1:2: X 'neg' has a negative \"dur\"", sink.firstExample("bad_duration"));
    }

    @Test
    void theObjectFormReadsTraceEventsAmongOtherKeys() {
        RecordingSink sink = read("""
                {"otherData":{"traceEvents":5,"nested":[{"ph":"X","ts":1}]},
                 "metadata":[1,2,{"a":null}],
                 "traceEvents":[{"ph":"X","ts":1,"name":"a"}],
                 "samples":{"x":[[[]]]},
                 "stackFrames":{}}
                """);
        assertEquals(List.of("X T(,) 1000 0 a"), sink.events());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void perfFlowAspectShapesAreAcceptedSilently() {
        // Two '[' at the start, a '[' mid-file, trailing commas, no closing brackets.
        RecordingSink sink = read("""
                [
                [
                {"name": "a", "pid": 1, "tid": 1, "ts": 1.5, "ph": "B"},
                [
                {"name": "b", "pid": 2, "tid": 2, "ts": 2.5, "ph": "B"},
                {"name": "a", "pid": 1, "tid": 1, "ts": 3.5, "ph": "E"},
                """);
        assertEquals(List.of("B T(1,1) 1500 a", "B T(2,2) 2500 b", "E T(1,1) 3500 a"), sink.events());
        assertEquals(Map.of(), sink.warnings());
        // Without the trailing comma, and the object form left open.
        RecordingSink open = read("{\"displayTimeUnit\": \"us\", \"otherData\": {}, \"traceEvents\": [\n"
                + "  {\"name\": \"a\", \"ts\": 1, \"ph\": \"X\"}");
        assertEquals(List.of("X T(,) 1000 0 a"), open.events());
        assertEquals(Map.of(), open.warnings());
        // PerfFlowAspect's own fix-up appends " {}]".
        RecordingSink fixed = read("[\n{\"ts\": 1, \"ph\": \"X\"},\n {}]");
        assertEquals(1, fixed.count("X"));
        assertEquals(Map.of(), fixed.warnings());
        assertEquals(Map.of("empty_event", 1L), fixed.notes());
    }

    @Test
    void closedNestedArraysAndSeveralRootValuesAreAllRead() {
        RecordingSink sink = read("[[{\"ph\":\"X\",\"ts\":1}],{\"ph\":\"X\",\"ts\":2}]\n[{\"ph\":\"X\",\"ts\":3}]"
                + "{\"traceEvents\":[{\"ph\":\"X\",\"ts\":4}]}");
        assertEquals(List.of("X T(,) 1000 0 <unnamed>", "X T(,) 2000 0 <unnamed>", "X T(,) 3000 0 <unnamed>",
                "X T(,) 4000 0 <unnamed>"), sink.events());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void aCutInsideAnEventKeepsTheCompleteOnesWithOneTruncatedWarning() {
        String complete = "[\n{\"ph\":\"X\",\"ts\":1},\n{\"ph\":\"X\",\"ts\":2},\n";
        for (String cut : List.of("{", "{\"ph\":\"X\",\"ts\":3", "{\"ph\":\"X\",\"ts\":3,\"args\":{\"a\":[1,", "{\"na",
                "{\"name\":\"unterminated", "{\"ph\":\"X\",")) {
            RecordingSink sink = read(complete + cut);
            assertEquals(2, sink.count("X"), cut);
            assertEquals(Map.of("truncated", 1L), sink.warnings(), cut);
            assertEquals("t.json:4:1: the input ends inside the event that starts here; the 2 complete events before"
                    + " it are kept", sink.firstExample("truncated"), cut);
        }
    }

    @Test
    void aCutAfterTraceEventsInsideAnotherValueIsTruncated() {
        RecordingSink sink = read("{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1}],\"metadata\":{\"a\":[1,2");
        assertEquals(1, sink.count("X"));
        assertEquals(Map.of("truncated", 1L), sink.warnings());
        assertTrue(sink.firstExample("truncated").startsWith("t.json:1:"), sink.firstExample("truncated"));
        BadInputException e = failure("{\"displayTimeUnit\":\"us\",\"otherData\":{\"a\":");
        assertEquals("t.json:1:42: the input ends before any traceEvents array", e.getMessage());
    }

    @Test
    void elementsThatAreNotEventsAreBadEvents() {
        RecordingSink sink = read("[1, \"x\", null, true, {\"ph\":\"X\",\"ts\":1}, 2.5]");
        assertEquals(Map.of("bad_event", 5L), sink.warnings());
        assertEquals("t.json:1:2: an event is a number, not an object", sink.firstExample("bad_event"));
        assertEquals(1, sink.count("X"));
    }

    @Test
    void metadataWithoutAStringArgsNameIsABadEvent() {
        RecordingSink sink = read("""
                [{"ph":"M","name":"process_name","pid":1},
                 {"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":5}},
                 {"ph":"M","name":"thread_name","pid":1,"tid":1,"args":"name"},
                 {"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"ok"}}]
                """);
        assertEquals(Map.of("bad_event", 3L), sink.warnings());
        assertEquals(List.of("beginInput t.json", "thread_name 1 2 ok", "endInput"), sink.calls());
    }

    @Test
    void manyTracksAndNamesStayDistinctThroughTheCaches() {
        StringBuilder sb = new StringBuilder("[");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            int tid = (i * 7919) % 997;
            String name = "f" + (i % 1500) + "x".repeat(i % 200);
            sb.append("{\"ph\":\"X\",\"pid\":").append(i % 3).append(",\"tid\":").append(tid)
                    .append(",\"ts\":").append(i).append(",\"name\":\"").append(name).append("\"},\n");
            expected.add("X T(" + (i % 3) + "," + tid + ") " + i * 1000L + " 0 " + name);
            int async = i % 101;
            sb.append("{\"ph\":\"b\",\"pid\":1,\"cat\":\"c").append(async % 2).append("\",\"id\":").append(async)
                    .append(",\"ts\":").append(i).append("},\n");
            expected.add("B A(1,c" + (async % 2) + "," + async + ") " + i * 1000L + " <unnamed>");
        }
        RecordingSink sink = read(sb.toString());
        assertEquals(expected, sink.events());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void readsALargeTraceAcrossParserBufferBoundaries() {
        StringBuilder sb = new StringBuilder("{\"traceEvents\":[\n");
        int n = 50_000;
        for (int i = 0; i < n; i++) {
            sb.append("{\"name\": \"n").append(i % 17).append("\", \"cat\": \"__main__\", \"pid\": 7, \"tid\": 7, \"ts\": ")
                    .append(1795322503741605L + i).append('.').append(i % 10).append(", \"ph\": \"X\", \"dur\": 0.5},\n");
        }
        RecordingSink sink = read(sb.append("]}").toString());
        assertEquals(n, sink.count("X"));
        assertEquals("X T(7,7) " + ((1795322503741605L + n - 1) * 1000 + ((n - 1) % 10) * 100) + " 500 n"
                + ((n - 1) % 17), sink.events().get(n - 1));
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void anErrorFarIntoTheFileIsQuotedFromTheBytesAroundIt() {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < 5000; i++) {
            sb.append("{\"ph\":\"X\",\"ts\":").append(i).append(",\"name\":\"some fairly long region name\"},\n");
        }
        sb.append("{\"ph\":\"X\",\"ts\":1,\"name\":\"last\" \"oops\":1},\n{\"ph\":\"X\",\"ts\":2}]");
        BadInputException e = failure(sb.toString());
        assertEquals("t.json:5002:32: not valid JSON: Unexpected character ('\\\"' (code 34)): was expecting comma to"
                + " separate Object entries: \"X\\\",\\\"ts\\\":1,\\\"name\\\":\\\"last\\\" \\\"oops\\\":1},\"",
                e.getMessage());
    }

    @Test
    void theReaderItselfLeavesInputBracketingToTheCaller() throws IOException {
        RecordingSink sink = new RecordingSink();
        ChromeTraceReader.read("direct", new ByteArrayInputStream(utf8("[{\"ph\":\"X\",\"ts\":1}]")), sink);
        assertEquals(List.of("X T(,) 1000 0 <unnamed>"), sink.calls());
    }

    @Test
    void counterEventsAreRegionCountersWithCpuOrMemoryElseOneSeriesPerNumericArg() {
        RecordingSink sink = read("""
                [{"name":"bas","ph":"C","pid":7,"tid":8,"ts":1.5,"args":{"cpu_usage":12.5,"memory_usage":18325.504}},
                 {"args":{"memory_usage":0},"name":"bas","tid":8,"pid":7,"ts":2,"ph":"C"},
                 {"name":"bas","ph":"C","pid":7,"tid":8,"ts":2.5,"args":{"cpu_usage":0,"memory_usage":0.0}},
                 {"name":"bas","ph":"C","pid":7,"tid":8,"ts":2.6,"args":{"cpu_usage":0.0}},
                 {"name":"heap","ph":"C","pid":7,"id":"0x1","ts":3,"args":{"used":1e3,"label":"x","total":-2,"n":null,"o":{"a":1}}},
                 {"name":"nothing","ph":"C","pid":7,"ts":4,"args":{"label":"x"}},
                 {"name":"nan","ph":"C","pid":7,"ts":5,"args":{"v":NaN,"cpu_usage":"high"}},
                 {"name":"c","ph":"C","pid":7,"args":{"v":1}},
                 {"name":"c","ph":"C","pid":{"bad":1},"ts":6,"args":{"v":1}}]
                """);
        assertEquals(List.of(
                "C T(7,8) 1500 bas cpu 12.5 memory 18325.504",
                "C T(7,8) 2000 bas cpu NaN memory 0.0",
                "C T(7,8) 2600 bas cpu 0.0 memory NaN",
                "counter 7 heap id 0x1 used 3000 1000.0",
                "counter 7 heap id 0x1 total 3000 -2.0"),
                sink.calls().stream().filter(c -> c.startsWith("C ") || c.startsWith("counter ")).toList());
        // Counters without a finite number are only counted, and so is PerfFlowAspect's end-of-call reset (both
        // values 0; one of them 0 is a measurement); without ts or with a bad pid they are warnings.
        assertEquals(Map.of("phase_C", 2L, ChromeTraceReader.COUNTER_RESET.name(), 1L), sink.notes());
        assertEquals(Map.of("missing_ts", 1L, "bad_event", 1L), sink.warnings());
    }

    @Test
    void displayTimeUnitIsPassedOnBeforeOrAfterTheEvents() {
        assertEquals(List.of("beginInput t.json", "displayTimeUnit ms", "X T(,) 1000 0 a", "endInput"),
                read("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}]}")
                        .calls());
        assertEquals(List.of("beginInput t.json", "X T(,) 1000 0 a", "displayTimeUnit ns", "endInput"),
                read("{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}],\"displayTimeUnit\":\"ns\"}")
                        .calls());
        assertEquals(List.of("beginInput t.json", "displayTimeUnit a number", "endInput"),
                read("{\"displayTimeUnit\":3,\"traceEvents\":[]}").calls());
    }

    @Test
    void numbersInStringsAreReadExactlyAsTheNumbersTheyHold() {
        RecordingSink sink = read("""
                [{"ph":"X","ts":"1795322503741605.5","dur":"12.75","name":"a"},
                 {"ph":"X","ts":"178603.13999999998","dur":"0.0005","name":"b"},
                 {"ph":"X","ts":"1.5e3","dur":"2E-3","name":"c"},
                 {"ph":"X","ts":".5","dur":"5.","name":"d"},
                 {"ph":"B","ts":"+7","name":"e"},
                 {"ph":"E","ts":"-0.0005","name":"e"},
                 {"ph":"b","ts":"3","cat":"c","id":1,"name":"f"},
                 {"ph":"X","ts":"\\u0031","name":"escaped"}]
                """);
        assertEquals(List.of(
                "X T(,) 1795322503741605500 12750 a",
                "X T(,) 178603140 1 b",
                "X T(,) 1500000 2 c",
                "X T(,) 500 5000 d",
                "B T(,) 7000 e",
                "E T(,) -1 e",
                "B A(,c,1) 3000 f",
                "X T(,) 1000 0 escaped"), sink.events());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void aStringThatIsNotADecimalNumberIsNoTime() {
        // What Perfetto's importer reads differently (a leading space, an empty string as 0) is no time here.
        RecordingSink sink = read("""
                [{"ph":"X","ts":" 1"}, {"ph":"X","ts":"1 "}, {"ph":"X","ts":""}, {"ph":"X","ts":"."},
                 {"ph":"X","ts":"0x10"}, {"ph":"X","ts":"NaN"}, {"ph":"X","ts":"Infinity"}, {"ph":"X","ts":"1,5"},
                 {"ph":"X","ts":"1e400"}, {"ph":"X","ts":"1\\u0000"},
                 {"ph":"X","ts":1,"dur":"-1","name":"negative"}, {"ph":"X","ts":1,"dur":"1 ms","name":"unit"},
                 {"ph":"X","ts":1,"dur":"1e400","name":"huge"}]
                """);
        assertEquals(Map.of("missing_ts", 10L, "bad_duration", 3L), sink.warnings());
        assertEquals(List.of(), sink.events());
        assertEquals(List.of(
                "t.json:1:2: X '<unnamed>' has \"ts\" \" 1\", a string that is not a decimal number",
                "t.json:1:24: X '<unnamed>' has \"ts\" \"1 \", a string that is not a decimal number",
                "t.json:1:46: X '<unnamed>' has \"ts\" \"\", a string that is not a decimal number"),
                sink.diagnostics().warnings().get("missing_ts").examples());
        assertEquals("t.json:1:2: X '<unnamed>' has \"ts\" \"1e400\", beyond the range of nanoseconds in a long",
                read("[{\"ph\":\"X\",\"ts\":\"1e400\"}]").firstExample("missing_ts"));
        assertEquals("t.json:1:2: X 'huge' has \"dur\" \"1e400\", beyond the range of nanoseconds in a long",
                read("[{\"ph\":\"X\",\"ts\":1,\"dur\":\"1e400\",\"name\":\"huge\"}]").firstExample("bad_duration"));
    }

    @Test
    void aCounterArgInAStringIsTheSampleItsNumberWouldBe() {
        RecordingSink sink = read("""
                [{"name":"bas","ph":"C","pid":7,"tid":8,"ts":"1.5","args":{"cpu_usage":"12.5","memory_usage":"18325.504"}},
                 {"name":"bas","ph":"C","pid":7,"tid":8,"ts":2.5,"args":{"cpu_usage":"0","memory_usage":"0.0"}},
                 {"name":"heap","ph":"C","pid":7,"ts":3,"args":{"used":"1e3","label":"x","total":"-2","name":"5"}},
                 {"name":"words","ph":"C","pid":7,"ts":4,"args":{"label":"x","v":"1 000","w":"NaN","z":""}}]
                """);
        assertEquals(List.of(
                "C T(7,8) 1500 bas cpu 12.5 memory 18325.504",
                "counter 7 heap id  used 3000 1000.0",
                "counter 7 heap id  total 3000 -2.0",
                "counter 7 heap id  name 3000 5.0"),
                sink.calls().stream().filter(c -> c.startsWith("C ") || c.startsWith("counter ")).toList());
        assertEquals(Map.of("phase_C", 1L, ChromeTraceReader.COUNTER_RESET.name(), 1L), sink.notes());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void anEndWithoutANameIsComparedWithNothing() {
        RecordingSink sink = read("""
                [{"ph":"B","ts":1,"name":"a"}, {"ph":"E","ts":2}, {"ph":"B","ts":3,"name":"b"},
                 {"ph":"E","ts":4,"name":null}, {"ph":"B","ts":5,"name":"c"}, {"ph":"E","ts":6,"name":""},
                 {"ph":"b","ts":7,"id":1,"name":"d"}, {"ph":"e","ts":8,"id":1,"name":[]},
                 {"ph":"E","ts":9,"name":"named"}]
                """);
        assertEquals(List.of("B T(,) 1000 a", "E T(,) 2000 (no name)", "B T(,) 3000 b", "E T(,) 4000 (no name)",
                "B T(,) 5000 c", "E T(,) 6000 (no name)", "B A(,,1) 7000 d", "E A(,,1) 8000 (no name)",
                "E T(,) 9000 named"), sink.events());
    }

    @Test
    void bytesOfAnEncodingTheParserDoesNotReadAreNotValidTextAtTheStart() {
        // found by fuzzing (ChromeJsonFuzzTest): a UCS-4 byte order that Jackson detects but does not read
        byte[] ucs4 = new byte[66];
        ucs4[1] = 3;
        ucs4[65] = (byte) 0xf4;
        BadInputException e = assertThrows(BadInputException.class,
                () -> new ChromeJsonFormat().read(InputSource.of("t.json", ucs4), new RecordingSink(),
                        ReadOptions.defaults()));
        assertEquals("t.json:1:1: not valid text: Unsupported UCS-4 endianness (3412) detected",
                e.getMessage());
    }

    @Test
    void aPidWithAnExponentPastAnIntIsABadKeyLikeOnePastAThousandDigits() {
        // found by fuzzing (ChromeJsonFuzzTest): BigDecimal refuses an exponent beyond int's range
        String event = "[{\"name\":\"main\",\"ph\":\"X\",\"pid\":PID,\"tid\":1,\"ts\":0,\"dur\":1}]";
        RecordingSink pastAnInt = read(event.replace("PID", "1e" + "1".repeat(60)));
        RecordingSink pastAThousandDigits = read(event.replace("PID", "1e2000"));
        assertEquals(pastAThousandDigits.events(), pastAnInt.events());
        assertEquals(pastAThousandDigits.diagnostics().warningCount(), pastAnInt.diagnostics().warningCount());
    }

    @Test
    void aGzipLayerCutBeforeTheFirstBytesIsBadInputAtTheStart() {
        // found by fuzzing (ChromeJsonFuzzTest): a gzip layer that ends before the parser has its first bytes
        byte[] cut = {0x1f, (byte) 0x8b, 8, 0, -1, -1, -1, -1, -1, -1, (byte) 0xfb, -1, -1};
        BadInputException e = assertThrows(BadInputException.class,
                () -> new ChromeJsonFormat().read(InputSource.of("t.json", cut), new RecordingSink(),
                        ReadOptions.defaults()));
        assertTrue(e.getMessage().startsWith("t.json:1:1: the gzip data ends before the first bytes of text (a cut"
                + " file?): "), e.getMessage());
    }
}
