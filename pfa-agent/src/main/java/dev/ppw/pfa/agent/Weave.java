package dev.ppw.pfa.agent;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.pool.TypePool;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The build-time weaver: {@code java -cp pfa-agent.jar:pfa-api.jar dev.ppw.pfa.agent.Weave DIR...} (or
 * {@code ppw-java weave DIR}) gives every {@code @CriticalPath} method in the class files under each folder the
 * advice the agent would give it at class loading, rewriting those files in place and marking their classes
 * {@code @Woven}, so that the program runs traced with no agent and no start-up cost. Classes without annotated
 * methods are not rewritten; a class already woven is left alone, so weaving twice changes nothing.
 *
 * <p>Exit codes: 0 done, 1 a class file that cannot be read or written (named, one line), 2 bad usage.
 */
public final class Weave {
    private Weave() {
    }

    /** What one run did. */
    public record Result(int classes, int methods, List<String> problems) {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
            (args.length == 0 ? err : out).println("usage: Weave DIR... (class folders, woven in place)");
            return args.length == 0 ? 2 : 0;
        }
        List<Path> dirs = new ArrayList<>();
        for (String a : args) {
            Path d = Path.of(a);
            if (!Files.isDirectory(d)) {
                err.println("weave: not a folder: " + a);
                return 2;
            }
            dirs.add(d);
        }
        Result r = weave(dirs);
        r.problems().forEach(p -> err.println("weave: " + p));
        out.println("weave: " + r.methods() + " @CriticalPath method" + (r.methods() == 1 ? "" : "s") + " in "
                + r.classes() + " class" + (r.classes() == 1 ? "" : "es") + " woven");
        return r.problems().isEmpty() ? 0 : 1;
    }

    /** Weaves the class files under {@code dirs} in place. */
    public static Result weave(List<Path> dirs) {
        List<ClassFileLocator> locators = new ArrayList<>();
        for (Path d : dirs) {
            locators.add(new ClassFileLocator.ForFolder(d.toFile()));
        }
        locators.add(ClassFileLocator.ForClassLoader.ofSystemLoader());
        ClassFileLocator locator = new ClassFileLocator.Compound(locators);
        TypePool pool = TypePool.Default.of(locator);
        ByteBuddy byteBuddy = new ByteBuddy().with(TypeValidation.DISABLED)
                .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);
        int classes = 0;
        int[] methods = new int[1];
        List<String> problems = new ArrayList<>();
        for (Path dir : dirs) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(dir)) {
                files = walk.filter(p -> p.toString().endsWith(".class") && Files.isRegularFile(p)).sorted().toList();
            } catch (IOException e) {
                problems.add(dir + ": " + e.getMessage());
                continue;
            }
            for (Path file : files) {
                String name = className(dir.relativize(file));
                if (name == null) {
                    continue;
                }
                try {
                    TypeDescription type = pool.describe(name).resolve();
                    if (!CriticalPathWeaving.types().matches(type)) {
                        continue;
                    }
                    DynamicType.Builder<?> builder = byteBuddy.redefine(type, locator)
                            .annotateType(AnnotationDescription.Latent.Builder
                                    .ofType(pool.describe(CriticalPathWeaving.WOVEN).resolve()).build());
                    byte[] bytes = CriticalPathWeaving.weave(builder, type, methods).make().getBytes();
                    Files.write(file, bytes);
                    classes++;
                } catch (IOException | UncheckedIOException e) {
                    problems.add(file + ": " + e.getMessage());
                } catch (RuntimeException e) {
                    problems.add(file + ": cannot weave: " + e.getMessage());
                }
            }
        }
        return new Result(classes, methods[0], problems);
    }

    /** The binary name of a class file at this path below its folder; null for module-info and package-info. */
    private static String className(Path relative) {
        String s = relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
        s = s.substring(0, s.length() - ".class".length());
        if (s.endsWith("module-info") || s.endsWith("package-info")) {
            return null;
        }
        return s.replace('/', '.');
    }
}
