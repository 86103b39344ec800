package dev.ppw.cli;

import dev.ppw.model.ViewKind;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;
import java.util.Map;
import java.util.Stack;

/**
 * Reads {@code --view VIEW}, and for a view of one region its name too: {@code --view callers NAME} (the next
 * argument, joined to the view before picocli converts it) or {@code --view callers=NAME}.
 */
final class ViewArgument implements IParameterPreprocessor, ITypeConverter<ViewArgument.Choice> {
    /** A view and, for callers and callees, its region (else empty). */
    record Choice(ViewKind view, String region) {
    }

    @Override
    public boolean preprocess(Stack<String> args, CommandSpec commandSpec, ArgSpec argSpec, Map<String, Object> info) {
        if (args.isEmpty() || args.peek().contains("=")) {
            return false;
        }
        String value = args.peek();
        String label = value.trim().toLowerCase(Locale.ROOT);
        if (label.equals(ViewKind.CALLERS.label()) || label.equals(ViewKind.CALLEES.label())) {
            args.pop();
            if (args.isEmpty() || args.peek().startsWith("-")) {
                throw new ParameterException(commandSpec.commandLine(), "--view " + label
                        + " is of one region: name it, as --view " + label + " NAME");
            }
            args.push(label + "=" + args.pop());
        }
        return false;
    }

    @Override
    public Choice convert(String value) {
        int eq = value.indexOf('=');
        ViewKind view = new Converters.View().convert(eq < 0 ? value : value.substring(0, eq));
        String region = eq < 0 ? "" : value.substring(eq + 1);
        if (view.needsRegion() && region.isEmpty()) {
            throw new TypeConversionException("the " + view.label() + " view is of one region: name it, as --view "
                    + view.label() + " NAME");
        }
        if (!view.needsRegion() && eq >= 0) {
            throw new TypeConversionException("the " + view.label() + " view is not of one region: only callers and"
                    + " callees take a name");
        }
        return new Choice(view, region);
    }
}
