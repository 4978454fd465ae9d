// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What a cipher leaves behind: nothing of the key or keystream after destroy(), no key material in messages. */
class ChaCha20HygieneTest {
    private static final byte[] KEY = new byte[32];

    static {
        Arrays.fill(KEY, (byte) 0xA5);
    }

    /** Runs every path that keeps state: the keystream cache, buffer staging, overlapping pieces, copies. */
    private static void exercise(ChaCha20 c) {
        c.update(new byte[10]);
        c.update(ByteBuffer.allocate(100), ByteBuffer.allocateDirect(100));
        // past the 16 KiB cache by more than any engine's directBytes: a direct call, with the engine's scratch
        c.update(ByteBuffer.allocate(40000), ByteBuffer.allocateDirect(40000));
        ByteBuffer direct = ByteBuffer.allocateDirect(5000);
        c.update(direct.duplicate().position(0).limit(4000), direct.duplicate().position(3));
        byte[] a = new byte[5000];
        c.update(ByteBuffer.wrap(a, 0, 4000).asReadOnlyBuffer(), ByteBuffer.wrap(a, 7, 4000));
        c.update(a, 0, 3000, a, 1);
        c.keystream(ByteBuffer.allocateDirect(70));
    }

    @Test
    void destroyWipesEveryArrayTheCipherHolds() throws Exception {
        for (ChaCha20.Variant v : ChaCha20.Variant.values()) {
            ChaCha20 c = ChaCha20.newInstance(v, KEY, new byte[v.nonceLength()], 3, 20);
            exercise(c);
            List<Field> arrays = new ArrayList<>();
            for (Field f : ChaCha20.class.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && f.getType().isArray()) {
                    f.setAccessible(true);
                    assertNotNull(f.get(c), f.getName() + " not used by exercise()");
                    arrays.add(f);
                }
            }
            assertTrue(arrays.size() >= 4, "state, cache, staging, pieces: " + arrays);
            List<Object> engineArrays = engineScratchArrays(c);
            assertFalse(engineArrays.isEmpty(), "the engine's working memory not used by exercise()");
            c.destroy();
            for (Object value : engineArrays) {
                assertTrue(
                        isZero(value), v + " engine scratch " + value.getClass().getSimpleName());
            }
            for (Field f : arrays) {
                Object value = f.get(c);
                if (value instanceof byte[]) {
                    assertTrue(Arrays.equals((byte[]) value, new byte[((byte[]) value).length]), v + " " + f.getName());
                } else {
                    assertTrue(Arrays.equals((int[]) value, new int[((int[]) value).length]), v + " " + f.getName());
                }
            }
            assertThrows(IllegalStateException.class, () -> c.update(new byte[1]));
            assertThrows(IllegalStateException.class, () -> c.keystream(ByteBuffer.allocate(1)));
            assertThrows(IllegalStateException.class, () -> c.skip(1));
            assertThrows(IllegalStateException.class, () -> c.seek(BigInteger.ONE));
        }
    }

    /** The arrays the cipher's {@link io.jchacha.internal.EngineScratch} holds (those the engine made so far). */
    private static List<Object> engineScratchArrays(ChaCha20 c) throws Exception {
        List<Object> found = new ArrayList<>();
        for (Field f : ChaCha20.class.getDeclaredFields()) {
            if (f.getType() == io.jchacha.internal.EngineScratch.class) {
                f.setAccessible(true);
                Object scratch = f.get(c);
                for (Field g : scratch.getClass().getDeclaredFields()) {
                    g.setAccessible(true);
                    if (g.getType().isArray() && g.get(scratch) != null) {
                        found.add(g.get(scratch));
                    }
                }
            }
        }
        return found;
    }

    private static boolean isZero(Object array) {
        if (array instanceof byte[]) {
            return Arrays.equals((byte[]) array, new byte[((byte[]) array).length]);
        }
        return Arrays.equals((int[]) array, new int[((int[]) array).length]);
    }

    @Test
    void messagesNameNoKeyMaterial() {
        ChaCha20 end = ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY, new byte[12], 0xFFFFFFFFL, 20);
        end.skip(60);
        ChaCha20 far = ChaCha20.newInstance(ChaCha20.Variant.ORIGINAL, KEY, new byte[8], 0, 20);
        far.seek(Long.MAX_VALUE);
        far.skip(1);
        ChaCha20 gone = ChaCha20.xchacha20(KEY, new byte[24]);
        gone.destroy();
        List<String> messages = new ArrayList<>();
        for (Executable call : new Executable[] {
            () -> end.update(new byte[5]),
            () -> end.skip(Long.MAX_VALUE),
            () -> end.seek(1L << 40),
            () -> end.seek(BigInteger.ONE.shiftLeft(80)),
            () -> far.position(),
            () -> gone.update(new byte[1]),
            () -> ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY, new byte[12], -1, 20),
            () -> ChaCha20.newInstance(ChaCha20.Variant.IETF, KEY, new byte[12], 0, 9),
        }) {
            messages.add(assertThrows(RuntimeException.class, call).getMessage());
        }
        messages.add(end.toString());
        String keyHex = HexFormat.of().formatHex(KEY, 0, 4);
        String keyWord = Integer.toString(0xA5A5A5A5);
        String keyWordUnsigned = Integer.toUnsignedString(0xA5A5A5A5);
        for (String m : messages) {
            assertNotNull(m);
            String lower = m.toLowerCase(Locale.ROOT);
            assertFalse(lower.contains(keyHex) || m.contains(keyWord) || m.contains(keyWordUnsigned), m);
        }
    }
}
