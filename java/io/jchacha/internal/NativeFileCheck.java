// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Looks at a native library file before the JVM maps it. The dynamic linker trusts its input: a truncated ELF file
 * makes glibc's loader fault (SIGBUS, a JVM crash, seen here with a third of libjchacha.so), and a file that is not
 * a library at all makes HotSpot print warnings. So the header is read first: the right container (ELF, PE or
 * Mach-O), 64-bit, the machine this JVM runs on, and every loadable segment or section inside the file.
 * Returns null when the file looks loadable, else the reason it is not.
 */
final class NativeFileCheck {
    private static final int EM_X86_64 = 62;
    private static final int EM_AARCH64 = 183;
    private static final int PE_AMD64 = 0x8664;
    private static final int PE_ARM64 = 0xAA64;
    private static final int MACHO_X86_64 = 0x01000007;
    private static final int MACHO_ARM64 = 0x0100000c;
    private static final int MH_DYLIB = 6;
    private static final int LC_SEGMENT_64 = 0x19;
    private static final int LC_CODE_SIGNATURE = 0x1d;

    private NativeFileCheck() {}

    /** The machine this JVM runs on: "x86-64", "AArch64", or null when it is neither (no machine check then). */
    static String hostMachine() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            return "x86-64";
        }
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return "AArch64";
        }
        return null;
    }

    static String check(Path file) {
        return check(file, hostMachine());
    }

    /** As {@link #check(Path)} for a JVM on {@code host} ("x86-64", "AArch64" or null): tests check every platform. */
    static String check(Path file, String host) {
        ByteBuffer b;
        long size;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            size = ch.size();
            b = ByteBuffer.allocate((int) Math.min(size, 1 << 20)).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining() && ch.read(b) >= 0) {
                // read the head of the file (headers live there)
            }
            b.flip();
        } catch (IOException e) {
            return "cannot read " + file + ": " + e.getMessage();
        }
        try {
            if (b.remaining() >= 4 && b.getInt(0) == 0x464c457f) {
                return elf(b, size, file, host);
            }
            if (b.remaining() >= 2 && b.getShort(0) == 0x5a4d) {
                return pe(b, size, file, host);
            }
            if (b.remaining() >= 4 && (b.getInt(0) == 0xfeedfacf || b.getInt(0) == 0xbebafeca)) {
                return macho(b, size, file, host);
            }
            return file + " is not a native library (no ELF, PE or Mach-O header)";
        } catch (IndexOutOfBoundsException e) {
            return file + " is truncated (its headers end past the file)";
        }
    }

    private static String machine(int code, int x86, int arm) {
        return code == x86 ? "x86-64" : code == arm ? "AArch64" : "machine 0x" + Integer.toHexString(code);
    }

    private static String wrongMachine(Path file, String kind, String theirs, String host) {
        if (host != null && !host.equals(theirs)) {
            return file + " is " + kind + " for " + theirs + ", this JVM runs on " + host
                    + " (a classifier jar for another platform?)";
        }
        return null;
    }

    private static String elf(ByteBuffer b, long size, Path file, String host) {
        if (b.get(4) != 2) {
            return file + " is a 32-bit ELF library; this JVM needs 64-bit";
        }
        if (b.get(5) != 1) {
            return file + " is a big-endian ELF library";
        }
        String wrong =
                wrongMachine(file, "an ELF library", machine(b.getShort(18) & 0xffff, EM_X86_64, EM_AARCH64), host);
        if (wrong != null) {
            return wrong;
        }
        long phoff = b.getLong(32);
        long shoff = b.getLong(40);
        int phentsize = b.getShort(54) & 0xffff;
        int phnum = b.getShort(56) & 0xffff;
        int shentsize = b.getShort(58) & 0xffff;
        int shnum = b.getShort(60) & 0xffff;
        if (phnum == 0
                || phoff < 0
                || phoff + (long) phentsize * phnum > size
                || shoff < 0
                || shoff + (long) shentsize * shnum > size) {
            return file + " is truncated (ELF headers end past the file)";
        }
        for (int i = 0; i < phnum; i++) {
            int ph = Math.toIntExact(phoff + (long) i * phentsize);
            if (b.getInt(ph) == 1) { // PT_LOAD
                long off = b.getLong(ph + 8);
                long filesz = b.getLong(ph + 32);
                if (off < 0 || filesz < 0 || off + filesz > size) {
                    return file + " is truncated (a loadable segment ends past the file)";
                }
            }
        }
        return null;
    }

    private static String pe(ByteBuffer b, long size, Path file, String host) {
        int pe = b.getInt(0x3c);
        if (pe < 0 || b.getInt(pe) != 0x00004550) {
            return file + " is not a PE library (MZ header without PE signature)";
        }
        String wrong =
                wrongMachine(file, "a Windows library", machine(b.getShort(pe + 4) & 0xffff, PE_AMD64, PE_ARM64), host);
        if (wrong != null) {
            return wrong;
        }
        int sections = b.getShort(pe + 6) & 0xffff;
        int optional = b.getShort(pe + 20) & 0xffff;
        int table = pe + 24 + optional;
        for (int i = 0; i < sections; i++) {
            int s = table + 40 * i;
            long raw = b.getInt(s + 16) & 0xffffffffL;
            long ptr = b.getInt(s + 20) & 0xffffffffL;
            if (ptr + raw > size) {
                return file + " is truncated (a PE section ends past the file)";
            }
        }
        return null;
    }

    private static String macho(ByteBuffer b, long size, Path file, String host) {
        if (b.getInt(0) == 0xbebafeca) {
            return null; // universal binary: the system loader picks the slice
        }
        String wrong = wrongMachine(file, "a Mach-O library", machine(b.getInt(4), MACHO_X86_64, MACHO_ARM64), host);
        if (wrong != null) {
            return wrong;
        }
        if (b.getInt(12) != MH_DYLIB) {
            return file + " is a Mach-O file but not a dynamic library (type " + b.getInt(12) + ")";
        }
        int ncmds = b.getInt(16);
        long cmds = b.getInt(20) & 0xffffffffL;
        if (32 + cmds > size) {
            return file + " is truncated (Mach-O load commands end past the file)";
        }
        int at = 32;
        for (int i = 0; i < ncmds; i++) {
            int cmd = b.getInt(at);
            int cmdsize = b.getInt(at + 4);
            if (cmdsize < 8 || at + (long) cmdsize > 32 + cmds) {
                return file + " is not a valid Mach-O library (a load command overruns the others)";
            }
            if (cmd == LC_SEGMENT_64 && b.getLong(at + 40) + b.getLong(at + 48) > size
                    || cmd == LC_CODE_SIGNATURE
                            && (b.getInt(at + 8) & 0xffffffffL) + (b.getInt(at + 12) & 0xffffffffL) > size) {
                return file + " is truncated (a Mach-O segment ends past the file)";
            }
            at += cmdsize;
        }
        return null;
    }
}
