package dev.ppw.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code ppw-java weave DIR...}: PerfFlowAspect for Java's build-time weaver ({@code dev.ppw.pfa.agent.Weave},
 * docs/pfa.md) on class folders, so that {@code @CriticalPath} methods are traced with no agent at start-up. The
 * weaver is called by name: pfa-agent is on the class path of the jar, not a module the command line reads.
 */
@Command(name = "weave", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Weaves the @CriticalPath methods of the class files under each folder in place, as "
                + "-javaagent:pfa-agent.jar would at class loading (docs/pfa.md).",
                "Classes without annotated methods are not rewritten; a class woven before is left alone."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java weave target/classes",
                "  java -cp target/classes:pfa-api.jar:pfa-recorder.jar app.Main",
                "      the woven program writes its PerfFlowAspect trace with no agent",
                "%nExit code 0 when every class was woven, 1 when one could not be (said on stderr)."})
final class WeaveCommand implements Callable<Integer> {
    private static final String WEAVER = "dev.ppw.pfa.agent.Weave";

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Folders of class files (target/classes).")
    List<Path> dirs;

    @Override
    public Integer call() {
        for (Path d : dirs) {
            if (!Files.isDirectory(d)) {
                throw new ParameterException(spec.commandLine(), "not a folder: " + d);
            }
        }
        Object result;
        int classes;
        int methods;
        List<?> problems;
        try {
            result = Class.forName(WEAVER).getMethod("weave", List.class).invoke(null, dirs);
            classes = (Integer) result.getClass().getMethod("classes").invoke(result);
            methods = (Integer) result.getClass().getMethod("methods").invoke(result);
            problems = (List<?>) result.getClass().getMethod("problems").invoke(result);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("pfa-agent's weaver is not in this jar: " + e, e);
        }
        problems.forEach(p -> main.streams().err().println(Main.PREFIX + "error: " + p));
        main.streams().out().print(methods + " @CriticalPath method" + (methods == 1 ? "" : "s") + " in " + classes
                + " class" + (classes == 1 ? "" : "es") + " woven\n");
        return problems.isEmpty() ? Main.OK : Main.BAD_DATA;
    }
}
