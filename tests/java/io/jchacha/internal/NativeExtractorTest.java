// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The extraction folder and file are this user's alone; removing leftovers removes only jchacha's own. */
class NativeExtractorTest {
    static final boolean POSIX =
            Path.of(".").getFileSystem().supportedFileAttributeViews().contains("posix");

    @Test
    void extractsIntoAFreshOwnerOnlyFolderAndRemovesIt(@TempDir Path base) throws IOException {
        byte[] content = new byte[100_000];
        new java.util.Random(3).nextBytes(content);
        Path source = Files.write(base.resolve("source.bin"), content);
        Path a = NativeExtractor.extract(source.toUri().toURL(), base, "libx.so");
        Path b = NativeExtractor.extract(source.toUri().toURL(), base, "libx.so");
        assertFalse(a.getParent().equals(b.getParent()), "a fresh folder per extraction");
        assertTrue(a.getParent().getFileName().toString().startsWith(NativeExtractor.PREFIX));
        assertArrayEquals(content, Files.readAllBytes(a));
        if (POSIX) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a.getParent())));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a)));
        }
        assertTrue(NativeExtractor.remove(a));
        assertTrue(NativeExtractor.remove(b));
        assertEquals(Set.of("source.bin"), names(base));
    }

    static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    static void age(Path p, Duration d) throws IOException {
        Files.getFileAttributeView(p, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(FileTime.from(Instant.now().minus(d)), null, null);
    }

    /** What a JVM that could not delete its library (Windows) leaves; here laid by hand on a POSIX disk. */
    @Test
    void leftoverCleanupRemovesOnlyThisUsersOldJchachaFolders(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(POSIX, "symbolic links and owners");
        Path base = Files.createDirectories(dir.resolve("tmp"));
        Path victimDir = Files.createDirectories(dir.resolve("victim"));
        Path victim = Files.writeString(victimDir.resolve("a.txt"), "precious");
        Duration old = Duration.ofHours(1);

        Path leftover = Files.createDirectory(base.resolve(NativeExtractor.PREFIX + "1"));
        Files.writeString(leftover.resolve("libjchacha.so"), "old library");
        Files.createSymbolicLink(leftover.resolve("l"), victimDir);
        Files.createSymbolicLink(leftover.resolve("f"), victim);
        Path linkNamedLikeOurs = Files.createSymbolicLink(base.resolve(NativeExtractor.PREFIX + "2"), victimDir);
        Path young = Files.createDirectory(base.resolve(NativeExtractor.PREFIX + "3"));
        Files.writeString(young.resolve("libjchacha.so"), "another JVM is loading this");
        Path withSubfolder = Files.createDirectory(base.resolve(NativeExtractor.PREFIX + "4"));
        Files.writeString(Files.createDirectory(withSubfolder.resolve("sub")).resolve("x"), "not ours to recurse");
        Path foreign = Files.createDirectory(base.resolve("nativelib-loader_x"));
        Files.createSymbolicLink(foreign.resolve("l"), victimDir);
        Path plainFile = Files.writeString(base.resolve(NativeExtractor.PREFIX + "5"), "a file, not a folder");
        Path current = Files.createDirectory(base.resolve(NativeExtractor.PREFIX + "6"));
        Files.writeString(current.resolve("libjchacha.so"), "this JVM's library");
        Path othersOwn = null;
        UserPrincipal nobody = nobody();
        if (nobody != null) {
            othersOwn = Files.createDirectory(base.resolve(NativeExtractor.PREFIX + "7"));
            Files.writeString(othersOwn.resolve("libjchacha.so"), "another user's");
            Files.setOwner(othersOwn, nobody);
        }
        for (Path p : new Path[] {
            leftover.resolve("l"),
            leftover.resolve("f"),
            leftover.resolve("libjchacha.so"),
            leftover,
            linkNamedLikeOurs,
            withSubfolder,
            foreign,
            plainFile,
            current,
            othersOwn
        }) {
            if (p != null) {
                age(p, old);
            }
        }

        NativeExtractor.removeLeftovers(base, current);

        assertFalse(Files.exists(leftover, LinkOption.NOFOLLOW_LINKS), "this user's old jchacha folder goes");
        assertEquals("precious", Files.readString(victim));
        assertEquals(Set.of("a.txt"), names(victimDir));
        assertTrue(Files.isSymbolicLink(linkNamedLikeOurs), "a link is never a jchacha folder");
        assertTrue(Files.exists(young.resolve("libjchacha.so")), "a young folder may be another JVM's, loading");
        assertTrue(Files.exists(withSubfolder.resolve("sub/x")), "never recursive");
        assertTrue(Files.isSymbolicLink(foreign.resolve("l")), "other programs' folders are not ours");
        assertTrue(Files.isRegularFile(plainFile));
        assertTrue(Files.exists(current.resolve("libjchacha.so")), "this JVM's own folder stays");
        if (othersOwn != null) {
            assertTrue(Files.exists(othersOwn.resolve("libjchacha.so")), "another user's folder stays");
        }
    }

    /** Another user to own a folder, where this process may hand one over (root); else null. */
    static UserPrincipal nobody() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return null;
        }
        try {
            return Path.of(".").getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * On an ACL file system (Windows; here an in-memory one) the folder and the file get access lists naming their
     * owner alone, whatever the base folder lets others do.
     */
    @Test
    void aclFileSystemGetsOwnerOnlyLists() throws IOException {
        com.google.common.jimfs.Configuration windows = com.google.common.jimfs.Configuration.windows().toBuilder()
                .setAttributeViews("basic", "owner", "acl")
                .build();
        try (java.nio.file.FileSystem fs = com.google.common.jimfs.Jimfs.newFileSystem(windows)) {
            Path base = Files.createDirectories(fs.getPath("C:\\shared\\tmp"));
            UserPrincipal everyone = fs.getUserPrincipalLookupService().lookupPrincipalByName("Everyone");
            Files.getFileAttributeView(base, java.nio.file.attribute.AclFileAttributeView.class)
                    .setAcl(java.util.List.of(allowAll(everyone)));
            byte[] content = "a library".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            Path source = Files.write(base.resolve("source.dll"), content);
            Path f = NativeExtractor.extract(source.toUri().toURL(), base, "jchacha.dll");
            assertArrayEquals(content, Files.readAllBytes(f));
            for (Path p : new Path[] {f.getParent(), f}) {
                UserPrincipal owner = Files.getOwner(p);
                assertFalse(owner.equals(everyone));
                assertEquals(
                        java.util.List.of(allowAll(owner)),
                        Files.getFileAttributeView(p, java.nio.file.attribute.AclFileAttributeView.class)
                                .getAcl(),
                        p.toString());
            }
        }
    }

    static java.nio.file.attribute.AclEntry allowAll(UserPrincipal who) {
        return java.nio.file.attribute.AclEntry.newBuilder()
                .setType(java.nio.file.attribute.AclEntryType.ALLOW)
                .setPrincipal(who)
                .setPermissions(java.nio.file.attribute.AclEntryPermission.values())
                .build();
    }
}
