// SPDX-License-Identifier: Apache-2.0
package io.jchacha.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.channels.Channels;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileOwnerAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Copies the native library out of the class path for {@code System.load}, touching nothing but a folder made for
 * it: a fresh folder only this user may enter (0700 on POSIX, an access list naming only its owner on ACL file
 * systems such as Windows) holding one file created exclusively (0600, or that same list), removed
 * again right after loading where the OS allows (Linux, macOS). Where a loaded library's file cannot be deleted
 * (Windows), later JVMs remove this user's earlier folders of this prefix; links are never followed, folders never
 * entered recursively, and nothing else is ever deleted.
 */
final class NativeExtractor {
    /** The names of jchacha's extraction folders; nothing else in the temporary folder is ever touched. */
    static final String PREFIX = "jchacha-native-";
    /** A younger folder may belong to a JVM that is still between extracting and loading. */
    static final Duration LEFTOVER_AGE = Duration.ofMinutes(5);

    private NativeExtractor() {}

    /** Copies {@code source} into a fresh owner-only folder under {@code base}; returns the file. */
    static Path extract(URL source, Path base, String fileName) throws IOException {
        Set<String> views = base.getFileSystem().supportedFileAttributeViews();
        boolean posix = views.contains("posix");
        Path dir = posix
                ? Files.createTempDirectory(base, PREFIX, posix("rwx------"))
                : Files.createTempDirectory(base, PREFIX);
        Path file = dir.resolve(fileName);
        EnumSet<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            List<AclEntry> acl = !posix && views.contains("acl") ? aclOwnerOnly(dir) : null;
            try (InputStream in = source.openStream();
                    OutputStream out = Channels.newOutputStream(
                            posix
                                    ? Files.newByteChannel(file, options, posix("rw-------"))
                                    : Files.newByteChannel(file, options))) {
                if (acl != null) {
                    setAcl(file, acl); // still empty
                }
                in.transferTo(out);
            }
        } catch (IOException | RuntimeException e) {
            remove(file);
            throw e;
        }
        return file;
    }

    private static FileAttribute<?> posix(String permissions) {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions));
    }

    /**
     * ACL file systems (Windows): the folder, still empty, gets an access list that names its owner alone, replacing
     * what it inherited (a shared {@code jchacha.native.tmpdir} may let others in); the file gets the same list
     * before anything is written to it (Windows lets anyone traverse folders, so the file's own list matters).
     */
    private static List<AclEntry> aclOwnerOnly(Path dir) throws IOException {
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        List<AclEntry> acl = List.of(AclEntry.newBuilder()
                .setType(AclEntryType.ALLOW)
                .setPrincipal(owner)
                .setPermissions(EnumSet.allOf(AclEntryPermission.class))
                .build());
        setAcl(dir, acl);
        return acl;
    }

    private static void setAcl(Path p, List<AclEntry> acl) throws IOException {
        Files.getFileAttributeView(p, AclFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setAcl(acl);
    }

    /** Deletes the file and its folder; false if either stays (Windows keeps a loaded library's file). */
    static boolean remove(Path file) {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Removes folders under {@code base} that earlier JVMs of this user could not delete: only directories (not
     * links) named {@link #PREFIX}, owned by the owner of {@code current} (this JVM's own folder, which stays), at
     * least {@link #LEFTOVER_AGE} old; inside them only files and links themselves (a link is deleted, never
     * followed), and the folder only once empty. Failures (a library another JVM still holds) are left alone.
     */
    static void removeLeftovers(Path base, Path current) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(base, PREFIX + "*")) {
            UserPrincipal me = Files.getOwner(current, LinkOption.NOFOLLOW_LINKS);
            FileTime cutoff = FileTime.from(Instant.now().minus(LEFTOVER_AGE));
            Path own = current.getFileName();
            if (s instanceof SecureDirectoryStream) {
                // POSIX: every step relative to an open folder, so no folder can be swapped for a link in between
                SecureDirectoryStream<Path> sds = (SecureDirectoryStream<Path>) s;
                for (Path entry : sds) {
                    Path name = entry.getFileName();
                    if (!name.equals(own) && isOldFolderOf(sds, name, me, cutoff)) {
                        removeFolder(sds, name);
                    }
                }
            } else {
                for (Path dir : s) {
                    if (!dir.getFileName().equals(own) && isOldFolderOf(dir, me, cutoff)) {
                        removeFolder(dir);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // best effort: a leftover stays until a later JVM manages
        }
    }

    private static boolean isOldFolderOf(Path dir, UserPrincipal owner, FileTime cutoff) throws IOException {
        BasicFileAttributes a = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return isOldFolder(a, cutoff) && owner.equals(Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS));
    }

    private static boolean isOldFolderOf(
            SecureDirectoryStream<Path> base, Path name, UserPrincipal owner, FileTime cutoff) throws IOException {
        BasicFileAttributes a = base.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
        return isOldFolder(a, cutoff)
                && owner.equals(base.getFileAttributeView(name, FileOwnerAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .getOwner());
    }

    private static boolean isOldFolder(BasicFileAttributes a, FileTime cutoff) {
        // isOther: a Windows junction reads as a directory and as "other"
        return a.isDirectory()
                && !a.isSymbolicLink()
                && !a.isOther()
                && a.lastModifiedTime().compareTo(cutoff) < 0;
    }

    /** Windows: no SecureDirectoryStream; the folder is re-read without following links. */
    private static void removeFolder(Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path entry : s) {
                BasicFileAttributes a =
                        Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile() || a.isSymbolicLink()) {
                    Files.deleteIfExists(entry);
                }
            }
            Files.deleteIfExists(dir);
        } catch (IOException | RuntimeException e) {
            // in use, or not empty: leave it
        }
    }

    /** POSIX: the folder is opened without following a link, and its entries are deleted relative to it. */
    private static void removeFolder(SecureDirectoryStream<Path> base, Path name) {
        try (SecureDirectoryStream<Path> dir = base.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            for (Path entry : dir) {
                Path e = entry.getFileName();
                BasicFileAttributes a = dir.getFileAttributeView(
                                e, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
                if (a.isRegularFile() || a.isSymbolicLink()) {
                    dir.deleteFile(e);
                }
            }
            base.deleteDirectory(name);
        } catch (IOException | RuntimeException e) {
            // in use, or not empty: leave it
        }
    }
}
