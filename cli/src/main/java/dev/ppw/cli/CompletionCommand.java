package dev.ppw.cli;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ppw-java completion bash|zsh}: the shell completion script of every command and option, generated from
 * the command definitions themselves, so that it cannot fall behind them.
 */
@Command(name = "completion", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Prints a shell completion script: commands, options and values complete with Tab.",
                "One script serves both shells: zsh loads it through its bashcompinit."},
        footerHeading = "%nExamples:%n",
        footer = {"  source <(./ppw-java completion bash)",
                "      completion in this bash session (add the line to ~/.bashrc to keep it)",
                "  ./ppw-java completion zsh > ~/.zsh/ppw-java-completion.zsh",
                "      for zsh: then 'source ~/.zsh/ppw-java-completion.zsh' in ~/.zshrc",
                "The script completes the command 'ppw-java'; put the launcher on PATH under that name",
                "(for example a link in ~/bin) or complete a differently named alias with 'complete -F'."})
final class CompletionCommand implements Callable<Integer> {
    /** The shells the script is written for. */
    static final List<String> SHELLS = List.of("bash", "zsh");

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "SHELL", converter = Shell.class, completionCandidates = Shells.class,
            description = "${COMPLETION-CANDIDATES}")
    String shell;

    @Override
    public Integer call() {
        String script = AutoComplete.bash(spec.root().name(), spec.root().commandLine());
        main.streams().out().writeBytes(script.getBytes(StandardCharsets.UTF_8));
        main.streams().out().flush();
        return Main.OK;
    }

    static final class Shells implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return SHELLS.iterator();
        }
    }

    static final class Shell implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String wanted = value.trim().toLowerCase(Locale.ROOT);
            if (!SHELLS.contains(wanted)) {
                throw new TypeConversionException("unknown shell '" + value + "': expected one of "
                        + String.join(", ", SHELLS));
            }
            return wanted;
        }
    }
}
