package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputSource;
import picocli.CommandLine;

import java.util.List;

/**
 * The merge options of {@code ppw-java merge} bound as the command binds them, for a front end that runs the merge
 * in pieces elsewhere (a cluster's tasks, {@link MergeBackend}): each piece binds the same arguments onto its own
 * inputs, so that every piece merges with the settings the command checked, by the same code.
 */
public final class MergeBinding {
    private MergeBinding() {
    }

    /** The engine a command of this jar makes: the formats on the class path, and the command's writers. */
    public static Engine engine() {
        return new Engine(FormatRegistry.load(MergeBinding.class.getClassLoader()), Converters.WRITERS);
    }

    /**
     * The merge that {@code ppw-java merge arguments} asks for, of {@code sources} instead of the inputs the
     * arguments name (those are not looked at).
     *
     * @param arguments the merge command's arguments, without the word {@code merge}
     * @throws CommandLine.ParameterException when the arguments are not a valid merge
     */
    public static Analysis analysis(Engine engine, List<String> arguments, List<InputSource> sources) {
        MergeCommand command = new MergeCommand();
        CommandLine cl = new CommandLine(command);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.parseArgs(arguments.toArray(String[]::new));
        command.checkUsage();
        return command.analysis(engine, sources);
    }
}
