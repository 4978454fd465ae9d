// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The parts of a 64-bit Mach-O file that say whether macOS will load it: type, CPU, the dylibs it links, its
 * minimum macOS, its exported and imported symbols, and its embedded code signature (checked page by page, as the
 * arm64 kernel does). Only what the tests need; the format is Apple's mach-o/loader.h and codesign's blob layout.
 */
final class MachOFile {
    static final int CPU_X86_64 = 0x01000007;
    static final int CPU_ARM64 = 0x0100000c;
    static final int MH_DYLIB = 6;
    private static final int LC_SYMTAB = 0x2;
    private static final int LC_LOAD_DYLIB = 0xc;
    private static final int LC_CODE_SIGNATURE = 0x1d;
    private static final int LC_VERSION_MIN_MACOSX = 0x24;
    private static final int LC_BUILD_VERSION = 0x32;
    private static final Set<Integer> DYLIB_LOADS = Set.of(LC_LOAD_DYLIB, 0x80000018, 0x8000001f, 0x20, 0x80000023);

    final int cpu;
    final int fileType;
    final List<String> dylibs = new ArrayList<>();
    /** Minimum macOS as "major.minor", from LC_BUILD_VERSION or LC_VERSION_MIN_MACOSX. */
    String minOs;

    final Set<String> exported = new TreeSet<>();
    final Set<String> imported = new TreeSet<>();
    private int sigOff = -1;
    private int sigSize;
    private final ByteBuffer b;

    MachOFile(byte[] file) {
        b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != 0xfeedfacf) {
            throw new IllegalArgumentException("not a 64-bit little-endian Mach-O file");
        }
        cpu = b.getInt(4);
        fileType = b.getInt(12);
        int ncmds = b.getInt(16);
        int at = 32;
        for (int i = 0; i < ncmds; i++) {
            int cmd = b.getInt(at);
            if (DYLIB_LOADS.contains(cmd)) {
                dylibs.add(cString(at + b.getInt(at + 8)));
            } else if (cmd == LC_BUILD_VERSION || cmd == LC_VERSION_MIN_MACOSX) {
                int v = b.getInt(at + (cmd == LC_BUILD_VERSION ? 12 : 8));
                minOs = (v >>> 16) + "." + ((v >>> 8) & 0xff);
            } else if (cmd == LC_CODE_SIGNATURE) {
                sigOff = b.getInt(at + 8);
                sigSize = b.getInt(at + 12);
            } else if (cmd == LC_SYMTAB) {
                symbols(b.getInt(at + 8), b.getInt(at + 12), b.getInt(at + 16));
            }
            at += b.getInt(at + 4);
        }
    }

    private void symbols(int symoff, int nsyms, int stroff) {
        for (int i = 0; i < nsyms; i++) {
            int e = symoff + 16 * i;
            int type = b.get(e + 4) & 0xff;
            if ((type & 0xe0) != 0 || (type & 0x01) == 0) {
                continue; // debugging entry, or not external
            }
            String name = cString(stroff + b.getInt(e));
            if ((type & 0x0e) == 0x0e) {
                exported.add(name); // N_SECT: defined here
            } else if ((type & 0x0e) == 0) {
                imported.add(name); // N_UNDF
            }
        }
    }

    private String cString(int off) {
        int end = off;
        while (b.get(end) != 0) {
            end++;
        }
        byte[] s = new byte[end - off];
        b.get(off, s);
        return new String(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * Null when the file carries an embedded signature whose CodeDirectory hashes every page of the file up to the
     * signature (what the arm64 kernel checks when it maps a page), else what is wrong.
     */
    String signatureProblem() throws NoSuchAlgorithmException {
        if (sigOff < 0) {
            return "no LC_CODE_SIGNATURE";
        }
        ByteBuffer sig = ByteBuffer.wrap(b.array(), sigOff, sigSize).slice().order(ByteOrder.BIG_ENDIAN);
        if (sig.getInt(0) != 0xfade0cc0) {
            return "signature is not an embedded-signature superblob";
        }
        int count = sig.getInt(8);
        for (int i = 0; i < count; i++) {
            int type = sig.getInt(12 + 8 * i);
            int off = sig.getInt(16 + 8 * i);
            if (type == 0 && sig.getInt(off) == 0xfade0c02) {
                return codeDirectoryProblem(sig.slice(off, sig.getInt(off + 4)).order(ByteOrder.BIG_ENDIAN));
            }
        }
        return "no CodeDirectory in the signature";
    }

    private String codeDirectoryProblem(ByteBuffer cd) throws NoSuchAlgorithmException {
        int hashOffset = cd.getInt(16);
        int nCodeSlots = cd.getInt(28);
        int codeLimit = cd.getInt(32);
        int hashSize = cd.get(36) & 0xff;
        int hashType = cd.get(37) & 0xff;
        int pageSize = 1 << (cd.get(39) & 0xff);
        if (hashType != 2 || hashSize != 32) {
            return "CodeDirectory hash type " + hashType + " (expected SHA-256)";
        }
        if (codeLimit != sigOff) {
            return "CodeDirectory covers " + codeLimit + " bytes, the signature starts at " + sigOff;
        }
        if (nCodeSlots != (codeLimit + pageSize - 1) / pageSize) {
            return nCodeSlots + " page hashes for " + codeLimit + " bytes";
        }
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < nCodeSlots; i++) {
            sha.update(b.array(), i * pageSize, Math.min(pageSize, codeLimit - i * pageSize));
            byte[] want = new byte[32];
            cd.get(hashOffset + 32 * i, want);
            if (!Arrays.equals(sha.digest(), want)) {
                return "page " + i + " does not match its hash";
            }
        }
        return null;
    }
}
