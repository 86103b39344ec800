package dev.ppw.pfa.agent;

import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.pool.TypePool;

import java.util.List;

/**
 * The agent's ByteBuddy side, loaded with the first class that passed {@link PerfFlowAgent}'s pre-filter: one
 * class's bytes with the advice of its {@code @CriticalPath} methods inlined. The advice visitors are run over
 * the class with ASM directly rather than through {@code ByteBuddy.redefine}, whose type writer (method graphs,
 * validation, a class-file re-emission with its own machinery) would load and run some hundreds of classes
 * more at start-up for the same bytes. The class is described from its own bytes; other types come from its
 * loader only if the advice asks.
 */
final class ClassWeaver {
    private ClassWeaver() {
    }

    /** The woven bytes of class {@code internalName}, or null when it declares no method to weave. */
    static byte[] weave(String internalName, byte[] bytes, ClassLoader loader) {
        String name = internalName.replace('/', '.');
        ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, bytes),
                ClassFileLocator.ForClassLoader.of(loader));
        TypePool pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), locator,
                TypePool.Default.ReaderMode.FAST);
        TypeDescription type = pool.describe(name).resolve();
        if (!CriticalPathWeaving.types().matches(type)) {
            return null;
        }
        List<AsmVisitorWrapper> advices = CriticalPathWeaving.advices(type);
        if (advices.isEmpty()) {
            return null;
        }
        int writerFlags = AsmVisitorWrapper.NO_FLAGS;
        int readerFlags = AsmVisitorWrapper.NO_FLAGS;
        for (AsmVisitorWrapper a : advices) {
            writerFlags = a.mergeWriter(writerFlags);
            readerFlags = a.mergeReader(readerFlags);
        }
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, writerFlags);
        Implementation.Context context = new NoContext(type, ClassFileVersion.ofClassFile(bytes));
        ClassVisitor visitor = writer;
        for (AsmVisitorWrapper a : advices) {
            visitor = a.wrap(type, visitor, context, pool, type.getDeclaredFields(), type.getDeclaredMethods(),
                    writerFlags, readerFlags);
        }
        reader.accept(visitor, readerFlags);
        return writer.toByteArray();
    }

    /** Inlined advice adds no field, accessor or auxiliary class: the context that allows none is enough. */
    private static final class NoContext extends Implementation.Context.Disabled {
        NoContext(TypeDescription type, ClassFileVersion version) {
            super(type, version, FrameGeneration.GENERATE);
        }
    }
}
