package dev.ppw.workload;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** perf list's two outputs: perf 6.1's text and the JSON of perf 6.2 and later. */
class PerfEventsTest {
    @Test
    void theTextGivesNamesAliasesKindsTopicsAndWrappedDescriptions() throws Exception {
        String text = """
                  context-switches OR cs                             [Software event]
                  task-clock                                         [Software event]
                  rNNN                                               [Raw hardware event descriptor]

                cache:
                  l2_cache_misses_from_l2_hwpf
                       [L2 Cache Misses from L2 Cache HWPF. Unit: cpu_core
                        counted per core]

                Metric Groups:

                TopdownL1:
                  Backend_Bound
                       [This category represents fraction of slots where no uops are being delivered]
                """;
        List<PerfEvent> events = PerfEvents.parseText(new StringReader(text));
        assertEquals(List.of("context-switches", "task-clock", "rNNN", "l2_cache_misses_from_l2_hwpf",
                "Backend_Bound"), events.stream().map(PerfEvent::name).toList());
        assertEquals(List.of("cs"), events.get(0).aliases());
        assertEquals("Software event", events.get(0).type());
        assertEquals("cache", events.get(3).topic());
        assertEquals("L2 Cache Misses from L2 Cache HWPF. Unit: cpu_core counted per core", events.get(3).description());
        assertTrue(events.get(4).metric());
        assertEquals("TopdownL1", events.get(4).topic());
    }

    @Test
    void theJsonGivesTheLongerDescription() throws Exception {
        String json = """
                [{"Unit": "software", "EventName": "page-faults", "EventAlias": "faults", "EventType": "Software event",
                  "BriefDescription": "short", "PublicDescription": "Page faults, minor and major"},
                 {"MetricGroup": "Default", "MetricName": "CPUs_utilized", "BriefDescription": "CPUs utilized",
                  "MetricExpr": "task-clock / duration_time"},
                 {"Unit": "x", "Encoding": "no name"}]
                """;
        List<PerfEvent> events = PerfEvents.parseJson(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, events.size());
        assertEquals(new PerfEvent("page-faults", List.of("faults"), "Software event", "",
                "Page faults, minor and major"), events.get(0));
        assertEquals(new PerfEvent("CPUs_utilized", List.of(), PerfEvent.METRIC, "Default", "CPUs utilized"),
                events.get(1));
    }

    @Test
    void aSearchNeedsEveryWordSomewhere() {
        PerfEvent cs = new PerfEvent("context-switches", List.of("cs"), "Software event", "", "task switches");
        assertTrue(cs.matches("SOFTWARE switch"));
        assertTrue(cs.matches(" "));
        assertTrue(!cs.matches("software cache"));
    }
}
