// SPDX-License-Identifier: Apache-2.0
package io.jchacha.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar jchacha-cli.jar info | bench | chacha20 | encrypt | decrypt | keygen | random | help ...}. */
@Command(
        name = "jchacha",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "ChaCha20 for the JVM: backend information, a quick benchmark, a stream cipher filter,"
                + " authenticated file encryption (libsodium's secretstream), and random bytes.",
        subcommands = {
            InfoCommand.class,
            BenchCommand.class,
            ChaCha20Command.class,
            EncryptCommand.class,
            DecryptCommand.class,
            KeygenCommand.class,
            RandomCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams; returns the exit status (2 for bad arguments). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("jchacha: " + ex.getMessage().lines().findFirst().orElse("bad arguments"));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("jchacha: " + ex.getClass().getSimpleName() + ": " + ex.getMessage());
            err.flush();
            return CommandLine.ExitCode.SOFTWARE;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this),
                "missing command: info, bench, chacha20, encrypt, decrypt, keygen, random or help");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"jchacha " + (v == null ? "(development build)" : v)};
        }
    }
}
