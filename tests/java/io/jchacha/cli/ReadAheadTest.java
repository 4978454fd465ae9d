// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReadAheadTest {
    @Test
    void deliversEveryByteInOrderAcrossBlocks() throws IOException {
        for (int n : new int[] {0, 1, ReadAhead.BLOCK - 1, ReadAhead.BLOCK, 3 * ReadAhead.BLOCK + 5}) {
            byte[] data = new byte[n];
            new Random(n).nextBytes(data);
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try (InputStream in = new ReadAhead(new ByteArrayInputStream(data))) {
                byte[] buf = new byte[70001];
                int k;
                while ((k = in.read(buf, 0, buf.length)) >= 0) {
                    got.write(buf, 0, k);
                }
                assertEquals(-1, in.read());
            }
            assertArrayEquals(data, got.toByteArray(), n + " bytes");
        }
    }

    @Test
    void aReadErrorArrivesAfterTheBytesBeforeIt() throws IOException {
        byte[] data = new byte[ReadAhead.BLOCK + 100];
        Arrays.fill(data, (byte) 7);
        InputStream failing = new InputStream() {
            int pos;

            @Override
            public int read() throws IOException {
                if (pos == data.length) {
                    throw new IOException("disk on fire");
                }
                return data[pos++];
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (pos == data.length) {
                    throw new IOException("disk on fire");
                }
                int n = Math.min(len, data.length - pos);
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
        try (InputStream in = new ReadAhead(failing)) {
            byte[] first = in.readNBytes(ReadAhead.BLOCK);
            assertEquals(ReadAhead.BLOCK, first.length);
            IOException e = assertThrows(IOException.class, () -> in.readNBytes(1000));
            assertEquals("disk on fire", e.getMessage());
        }
    }
}
