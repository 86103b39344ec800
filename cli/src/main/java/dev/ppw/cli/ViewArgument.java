package dev.ppw.cli;

import dev.ppw.model.ViewKind;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.Stack;

/**
 * Reads {@code --view VIEW}, and for a view of one region its name too: {@code --view callers NAME} (the next
 * argument) or {@code --view callers=NAME}. The name goes to the command's hidden {@link #REGION_OPTION}.
 */
final class ViewArgument implements IParameterConsumer {
    /** The hidden option that holds the region of {@code --view callers NAME}. */
    static final String REGION_OPTION = "--view-region";

    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        if (args.isEmpty()) {
            throw new ParameterException(commandSpec.commandLine(), "--view needs a view: "
                    + String.join(", ", new CompletionCandidates.Views()));
        }
        String value = args.pop();
        String region = null;
        int eq = value.indexOf('=');
        if (eq > 0) {
            region = value.substring(eq + 1);
            value = value.substring(0, eq);
        }
        ViewKind view;
        try {
            view = new Converters.View().convert(value);
        } catch (RuntimeException e) {
            throw new ParameterException(commandSpec.commandLine(), "Invalid value for option '--view': "
                    + e.getMessage(), e, argSpec, value);
        }
        if (view.needsRegion() && region == null) {
            if (args.isEmpty() || args.peek().startsWith("--")) {
                throw new ParameterException(commandSpec.commandLine(), "--view " + view.label()
                        + " is of one region: name it, as --view " + view.label() + " NAME");
            }
            region = args.pop();
        }
        if (view.needsRegion() && region.isEmpty()) {
            throw new ParameterException(commandSpec.commandLine(), "--view " + view.label() + " needs a region name");
        }
        if (!view.needsRegion() && region != null) {
            throw new ParameterException(commandSpec.commandLine(), "--view " + view.label()
                    + " is not of one region: only callers and callees take a name");
        }
        argSpec.setValue(view);
        commandSpec.findOption(REGION_OPTION).setValue(region == null ? "" : region);
    }
}
