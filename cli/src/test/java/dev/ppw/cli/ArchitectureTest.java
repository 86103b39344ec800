package dev.ppw.cli;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The rules docs/ARCHITECTURE.md states, on the main classes of every module: dependencies point one way (the
 * store and the server front ends on the engine API, the server on nothing but it, the store and the JDK), the
 * exported API names none of the modules behind it, library code never exits, reads system properties or the
 * environment, or writes to the standard streams, and each module's service registrations say the same in its
 * module descriptor and in {@code META-INF/services}.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // The modules' main classes, as folders (a test run) or as jars (a build), never their test jars.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.ppw");

    private static final String MODEL = "dev.ppw.model..";
    private static final String COLLECT = "dev.ppw.collect..";
    private static final String AGGREGATE = "dev.ppw.aggregate..";
    private static final String REPORT = "dev.ppw.report..";
    private static final String ENGINE = "dev.ppw.engine..";
    private static final String CLI = "dev.ppw.cli..";
    private static final String STORE = "dev.ppw.store..";
    private static final String SERVER = "dev.ppw.server..";
    private static final String WORKLOAD = "dev.ppw.workload..";

    @Test
    void theModelDependsOnNoOtherModule() {
        noClasses().that().resideInAPackage(MODEL).should().dependOnClassesThat()
                .resideInAnyPackage(COLLECT, AGGREGATE, REPORT, ENGINE, CLI).check(MAIN);
    }

    @Test
    void formatsAndWritersSeeOnlyTheModel() {
        noClasses().that().resideInAnyPackage(COLLECT).should().dependOnClassesThat()
                .resideInAnyPackage(AGGREGATE, REPORT, ENGINE, CLI).check(MAIN);
        // Writers format and never compute: no view, merge or order of rows of their own.
        noClasses().that().resideInAnyPackage(REPORT).should().dependOnClassesThat()
                .resideInAnyPackage(COLLECT, AGGREGATE, ENGINE, CLI).check(MAIN);
        noClasses().that().resideInAnyPackage(AGGREGATE).should().dependOnClassesThat()
                .resideInAnyPackage(COLLECT, REPORT, ENGINE, CLI).check(MAIN);
    }

    @Test
    void theStoreTheWorkloadRunnerAndTheServerAreFrontEndsOnTheEngineApiThatNothingBelowThemSees() {
        noClasses().that().resideInAnyPackage(MODEL, COLLECT, AGGREGATE, REPORT, ENGINE).should()
                .dependOnClassesThat().resideInAnyPackage(STORE, WORKLOAD, SERVER, CLI).check(MAIN);
        // the run store keeps runs; the workload runner makes them (and the server and the command line use both)
        noClasses().that().resideInAPackage(STORE).should().dependOnClassesThat()
                .resideInAnyPackage(WORKLOAD, SERVER, CLI).check(MAIN);
        noClasses().that().resideInAPackage(WORKLOAD).should().dependOnClassesThat()
                .resideInAnyPackage(SERVER, CLI).check(MAIN);
        noClasses().that().resideOutsideOfPackages(SERVER, CLI).should().dependOnClassesThat()
                .resideInAPackage(SERVER).check(MAIN);
        // The server is a thin front end: the engine, the store and the JDK's HTTP server, and Jackson for the
        // JSON it writes of runs; no step of the pipeline, no writer of its own (docs/ARCHITECTURE.md)
        classes().that().resideInAPackage(SERVER).should().onlyDependOnClassesThat()
                .resideInAnyPackage(SERVER, STORE, WORKLOAD, "dev.ppw.engine", "dev.ppw.model", "dev.ppw.model.format",
                        "dev.ppw.model.output", "java..", "javax..", "com.sun.net.httpserver..",
                        "com.fasterxml.jackson.core..").check(MAIN);
    }

    @Test
    void onlyTheEngineReachesTheMachineryAndNothingReachesAFormatOrAWriterByName() {
        noClasses().that().resideOutsideOfPackages(AGGREGATE, ENGINE).should().dependOnClassesThat()
                .resideInAPackage(AGGREGATE).check(MAIN);
        noClasses().that().resideOutsideOfPackage(COLLECT).should().dependOnClassesThat()
                .resideInAPackage(COLLECT).check(MAIN);
        noClasses().that().resideOutsideOfPackage(REPORT).should().dependOnClassesThat()
                .resideInAPackage(REPORT).check(MAIN);
    }

    @Test
    void theExportedPackagesPublicSignaturesNameOnlyExportedTypes() {
        ArchCondition<JavaClass> exportedOnly = new ArchCondition<>("name only types of exported packages in public"
                + " signatures") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                // Only what another module can reach: a public class, within public classes only.
                for (JavaClass outer = c; outer != null; outer = outer.getEnclosingClass().orElse(null)) {
                    if (!outer.getModifiers().contains(JavaModifier.PUBLIC)) {
                        return;
                    }
                }
                for (JavaCodeUnit unit : c.getCodeUnits()) {
                    if (unit.getModifiers().contains(JavaModifier.PUBLIC)
                            || unit.getModifiers().contains(JavaModifier.PROTECTED)) {
                        Set<JavaClass> named = new java.util.HashSet<>(unit.getReturnType().getAllInvolvedRawTypes());
                        unit.getParameterTypes().forEach(p -> named.addAll(p.getAllInvolvedRawTypes()));
                        unit.getThrowsClause().getTypes().forEach(t -> named.add(t));
                        report(c, unit.getFullName(), named, events);
                    }
                }
                for (JavaField f : c.getFields()) {
                    if (f.getModifiers().contains(JavaModifier.PUBLIC)) {
                        report(c, f.getFullName(), f.getType().getAllInvolvedRawTypes(), events);
                    }
                }
            }

            private void report(JavaClass owner, String member, Set<JavaClass> named, ConditionEvents events) {
                for (JavaClass t : named) {
                    String pkg = t.getPackageName();
                    if (pkg.startsWith("dev.ppw.") && !exported(pkg)) {
                        events.add(SimpleConditionEvent.violated(owner, member + " names " + t.getName()
                                + ", of a package the module system does not export"));
                    }
                }
            }
        };
        classes().that().resideInAnyPackage(ENGINE, MODEL, STORE, SERVER, WORKLOAD).should(exportedOnly).check(MAIN);
    }

    private static boolean exported(String pkg) {
        return List.of("dev.ppw.engine", "dev.ppw.model", "dev.ppw.model.format", "dev.ppw.model.output",
                "dev.ppw.model.work", "dev.ppw.store", "dev.ppw.server", "dev.ppw.workload").contains(pkg);
    }

    @Test
    void libraryCodeNeverExitsReadsPropertiesOrTheEnvironmentOrPrints() {
        DescribedPredicate<JavaClass> library = new DescribedPredicate<>("library code (not the command line)") {
            @Override
            public boolean test(JavaClass c) {
                // PerfFlowAspect for Java's agent and weaver are programs of their own (docs/pfa.md): they read
                // PERFFLOW_OPTIONS and say problems on stderr as PerfFlowAspect does
                return !c.getPackageName().startsWith("dev.ppw.cli") && !c.getPackageName().startsWith("dev.ppw.pfa");
            }
        };
        noClasses().that(library).should().callMethod(System.class, "exit", int.class)
                .orShould().callMethod(Runtime.class, "exit", int.class)
                .orShould().callMethod(Runtime.class, "halt", int.class).check(MAIN);
        noClasses().that(library).should().callMethod(System.class, "getProperty", String.class)
                .orShould().callMethod(System.class, "getProperty", String.class, String.class)
                .orShould().callMethod(System.class, "getProperties")
                .orShould().callMethod(System.class, "getenv", String.class)
                .orShould().callMethod(System.class, "getenv")
                .orShould().callMethod(Integer.class, "getInteger", String.class)
                .orShould().callMethod(Integer.class, "getInteger", String.class, int.class)
                .orShould().callMethod(Long.class, "getLong", String.class)
                .orShould().callMethod(Long.class, "getLong", String.class, long.class)
                .orShould().callMethod(Boolean.class, "getBoolean", String.class).check(MAIN);
        noClasses().that(library).should(ACCESS_STANDARD_STREAMS).check(MAIN);
    }

    @Test
    void eachModulesServicesAreTheSameInItsDescriptorAndInMetaInfServices() throws IOException {
        Path root = dev.ppw.testing.Examples.folder().getParent();
        for (String module : List.of("collectors", "report")) {
            Path classes = root.resolve(module).resolve("target/classes");
            ModuleDescriptor descriptor;
            try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
                descriptor = ModuleDescriptor.read(in);
            }
            for (ModuleDescriptor.Provides p : descriptor.provides()) {
                Path file = classes.resolve("META-INF/services/" + p.service());
                Set<String> listed = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip)
                        .filter(l -> !l.isEmpty() && !l.startsWith("#")).collect(Collectors.toCollection(TreeSet::new));
                Set<String> providers = new TreeSet<>(p.providers());
                assertEquals(listed, providers, module + ": " + p.service());
            }
            Set<String> files;
            try (var services = Files.list(classes.resolve("META-INF/services"))) {
                files = services.map(f -> f.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
            }
            Set<String> provided = descriptor.provides().stream().map(ModuleDescriptor.Provides::service)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(files, provided, module + ": services provided");
        }
    }
}
