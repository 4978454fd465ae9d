// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;

/**
 * The symbol versions a 64-bit little-endian ELF library needs (its .gnu.version_r section, SHT_GNU_verneed), as
 * "libc.so.6 GLIBC_2.17": the oldest C library the dynamic loader will accept it on is the newest of these.
 */
final class ElfFile {
    private static final int SHT_GNU_VERNEED = 0x6ffffffe;

    private ElfFile() {}

    static Set<String> neededVersions(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != 0x464c457f || b.get(4) != 2 || b.get(5) != 1) {
            throw new IllegalArgumentException("not a 64-bit little-endian ELF file");
        }
        long shoff = b.getLong(0x28);
        int shentsize = b.getShort(0x3a) & 0xffff;
        int shnum = b.getShort(0x3c) & 0xffff;
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < shnum; i++) {
            int sh = Math.toIntExact(shoff + (long) i * shentsize);
            if (b.getInt(sh + 4) != SHT_GNU_VERNEED) {
                continue;
            }
            int off = Math.toIntExact(b.getLong(sh + 24));
            int strtab = Math.toIntExact(b.getLong(Math.toIntExact(shoff + (long) b.getInt(sh + 40) * shentsize) + 24));
            int entries = b.getInt(sh + 44);
            int vn = off;
            for (int e = 0; e < entries; e++) {
                String lib = cString(b, strtab + b.getInt(vn + 4));
                int aux = vn + b.getInt(vn + 8);
                for (int a = 0; a < (b.getShort(vn + 2) & 0xffff); a++) {
                    out.add(lib + " " + cString(b, strtab + b.getInt(aux + 8)));
                    aux += b.getInt(aux + 12);
                }
                vn += b.getInt(vn + 12);
            }
        }
        return out;
    }

    private static String cString(ByteBuffer b, int off) {
        int end = off;
        while (b.get(end) != 0) {
            end++;
        }
        byte[] s = new byte[end - off];
        b.get(off, s);
        return new String(s, StandardCharsets.US_ASCII);
    }
}
