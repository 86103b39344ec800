package dev.ppw.pfa.recorder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

/** PerfFlowAspect's options: keys, defaults, spellings, and what each problem says. */
class OptionsTest {
    @Test
    void defaultsArePerfFlowAspects() {
        List<String> err = new ArrayList<>();
        Options o = Options.parse(null, err::add);
        assertEquals("generic", o.name());
        assertEquals(List.of("hostname", "pid"), o.filenameInclude());
        assertEquals("./", o.logDir());
        assertTrue(o.enabled());
        assertFalse(o.cpuMemUsage());
        assertFalse(o.compact());
        assertTrue(o.arrayFormat());
        assertEquals(Options.Mode.TRACE, o.mode());
        assertEquals(List.of(), err);
    }

    /** options text | enabled | compact | array | cpu-mem | mode | the lines on stderr, joined by '|' */
    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", nullValues = "-", value = {
        "log-enable=False ~ false ~ false ~ true ~ false ~ TRACE ~ -",
        "log-enable=false ~ false ~ false ~ true ~ false ~ TRACE ~ -",
        "log-enable=FALSE ~ false ~ false ~ true ~ false ~ TRACE ~ -",
        "log-enable=TRUE:log-event=compact ~ true ~ true ~ true ~ false ~ TRACE ~ -",
        "log-event=COMPACT:log-format=object ~ true ~ true ~ false ~ false ~ TRACE ~ -",
        "log-format=OBJECT:cpu-mem-usage=true ~ true ~ false ~ false ~ true ~ TRACE ~ -",
        "ppw-mode=fold ~ true ~ false ~ true ~ false ~ FOLD ~ -",
        "name=a:name=b ~ true ~ false ~ true ~ false ~ TRACE ~ -",
        "a=b=c ~ true ~ false ~ true ~ false ~ TRACE ~ Ill-formed option: a=b=c",
        "novalue ~ true ~ false ~ true ~ false ~ TRACE ~ Ill-formed option: novalue",
        "colour=blue ~ true ~ false ~ true ~ false ~ TRACE ~ perfflow warning: unknown option param=colour",
        "log-filename-include=name,uid ~ true ~ false ~ true ~ false ~ TRACE ~ perfflow warning: unknown option param=uid",
        "log-enable=yes ~ false ~ false ~ true ~ false ~ TRACE ~ perfflow invalid option: log-enable=[True|False] (got 'yes'); tracing is off",
        "log-event=Terse ~ false ~ false ~ true ~ false ~ TRACE ~ perfflow invalid option: log-event=[Compact|Verbose] (got 'Terse'); tracing is off",
        "log-format=Json ~ false ~ false ~ true ~ false ~ TRACE ~ perfflow invalid option: log-format=[Array|Object] (got 'Json'); tracing is off",
        "cpu-mem-usage=1 ~ false ~ false ~ true ~ false ~ TRACE ~ perfflow invalid option: cpu-mem-usage=[True|False] (got '1'); tracing is off",
        "ppw-mode=both ~ false ~ false ~ true ~ false ~ TRACE ~ perfflow invalid option: ppw-mode=[trace|fold] (got 'both'); tracing is off",
        "caliper-enable=True ~ true ~ false ~ true ~ false ~ TRACE ~ perfflow warning: caliper-enable=True is not supported in Java; ignored",
        "log-enable=True:: ~ true ~ false ~ true ~ false ~ TRACE ~ -",
    })
    void table(String text, boolean enabled, boolean compact, boolean array, boolean cpuMem, Options.Mode mode,
               String lines) {
        List<String> err = new ArrayList<>();
        Options o = Options.parse(text, err::add);
        assertEquals(enabled, o.enabled(), "enabled");
        assertEquals(compact, o.compact(), "compact");
        assertEquals(array, o.arrayFormat(), "array");
        assertEquals(cpuMem, o.cpuMemUsage(), "cpu-mem-usage");
        assertEquals(mode, o.mode(), "mode");
        assertEquals(lines == null ? "" : lines, String.join("|", err));
    }

    /** Whatever the text, parsing never throws and says at most one line per entry and include part. */
    @Test
    void anyTextParses() {
        qt().forAll(strings().allPossible().ofLengthBetween(0, 60)).checkAssert(text -> {
            List<String> err = new ArrayList<>();
            Options.parse(text, err::add);
            int entries = text.split(":", -1).length + text.split(",", -1).length + 1;
            assertTrue(err.size() <= entries, err.toString());
        });
    }

    /**
     * env | instance path. The SHA-1 prefixes were computed with Python's {@code hashlib.sha1(id).hexdigest()[0:8]},
     * PerfFlowAspect's own call.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', nullValues = "-", value = {
        "-; 356a192b",
        "FLUX_JOB_ID=fJobA; fJobA",
        "FLUX_JOB_ID=fJobA,SLURM_JOB_ID=7,SLURM_STEP_ID=0; fJobA",
        "SLURM_JOB_ID=12345,SLURM_STEP_ID=0; 1e628815",
        "SLURM_JOB_ID=12345; 356a192b",
        "LSB_JOBID=99,LS_JOBPID=1234; 9ccdeb2d",
        "SLURM_JOB_ID=1,LSB_JOBID=99,LS_JOBPID=1234; 356a192b",
        "FLUX_URI=local:///tmp/flux-abc/local-0; 3373a028",
        "FLUX_URI=ssh://host/path/x; 4f26609a",
        "PERFFLOW_INSTANCE_PATH=outer,FLUX_JOB_ID=inner; outer.inner",
    })
    void instancePath(String envText, String expected) {
        Map<String, String> env = new HashMap<>();
        if (envText != null) {
            for (String kv : envText.split(",")) {
                String[] p = kv.split("=", 2);
                env.put(p[0], p[1]);
            }
        }
        assertEquals(expected, LogFile.instancePath(env));
    }

    @Test
    void fileNamesFollowTheIncludesInOrder() {
        Map<String, String> env = Map.of("FLUX_JOB_ID", "fJobA");
        assertEquals("perfflow.array.node0.{fJobA}.vm.7541.pfw", LogFile.fileName(
                Options.parse("name=node0:log-filename-include=name,instance-path,hostname,pid", s -> { }),
                "array", env, "vm", 7541));
        assertEquals("perfflow.object.7.vm.pfw", LogFile.fileName(
                Options.parse("log-filename-include=pid,hostname", s -> { }), "object", env, "vm", 7));
        assertEquals("perfflow.array.pfw", LogFile.fileName(
                Options.parse("log-filename-include=", s -> { }), "array", env, "vm", 7));
        assertEquals("perfflow.profile.generic.vm.7.ppw.json", LogFile.fileName(
                Options.parse("log-filename-include=name,hostname,pid", s -> { }), "profile", env, "vm", 7));
    }

    @Test
    void pythonsDirnameAndUrlparse() {
        assertEquals("/tmp/flux-abc", LogFile.dirname("/tmp/flux-abc/local-0"));
        assertEquals("/", LogFile.dirname("/x"));
        assertEquals("", LogFile.dirname("x"));
        assertEquals("//", LogFile.dirname("//x"));
        assertEquals("/a", LogFile.dirname("/a//b"));
        assertEquals("/tmp/x", LogFile.urlPath("local:///tmp/x"));
        assertEquals("/p", LogFile.urlPath("ssh://host/p?q#f"));
        assertEquals("relative/p", LogFile.urlPath("relative/p"));
    }
}
