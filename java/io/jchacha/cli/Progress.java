// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar (me.tongfei:progressbar) on standard error over the bytes read, shown only when the size is
 * known (the input is a regular file) and standard error is a terminal: never in pipes, logs or scripts.
 */
final class Progress {
    private Progress() {}

    /** {@code in} itself, or {@code in} counted by a progress bar that closes with it. */
    static InputStream wrap(InputStream in, Path path, String task) {
        if (path == null || !stderrIsTerminal() || !Files.isRegularFile(path)) {
            return in;
        }
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            return in;
        }
        ProgressBarBuilder b = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(size)
                .setUnit(" MiB", 1 << 20)
                .setStyle(ProgressBarStyle.ASCII)
                .showSpeed()
                .setConsumer(new ConsoleProgressBarConsumer(System.err));
        return ProgressBar.wrap(in, b);
    }

    /**
     * Whether file descriptor 2 is a terminal. The JDK tells this only from JDK 22 on; on Linux the descriptor's
     * link names the device. Elsewhere this says no (no bar rather than a bar in a log).
     */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
