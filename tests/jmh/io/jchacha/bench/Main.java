// SPDX-License-Identifier: Apache-2.0
package io.jchacha.bench;

import io.jchacha.Backend;
import io.jchacha.Backends;
import java.util.Arrays;
import java.util.StringJoiner;

/**
 * {@code java -jar jchacha-benchmarks.jar} entry point: {@code suite}, {@code openssl}, {@code report},
 * {@code secretstream}, {@code cputime}, {@code sidebyside}, {@code paired}, {@code sshchart} (see tests/jmh/README.md); anything else
 * goes to JMH's own command line ({@code EngineBench}, {@code -l}, ...).
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        String cmd = args.length > 0 ? args[0] : "";
        String[] rest = args.length > 0 ? Arrays.copyOfRange(args, 1, args.length) : args;
        switch (cmd) {
            case "suite":
                Suite.main(rest);
                break;
            case "openssl":
                OpenSslSpeed.main(rest);
                break;
            case "report":
                Report.main(rest);
                break;
            case "secretstream":
                SecretStreamBench.main(rest);
                break;
            case "cputime":
                AeadCpuTime.main(rest);
                break;
            case "sidebyside":
                SideBySide.main(rest);
                break;
            case "paired":
                Paired.main(rest);
                break;
            case "sshchart":
                SshTransferChart.main(rest);
                break;
            case "probe":
                probe();
                break;
            default:
                org.openjdk.jmh.Main.main(args);
        }
    }

    /**
     * What this JVM's jchacha sees, and whether Conscrypt loads; {@link Suite} runs it on the forks' JDK (one
     * {@code key=value} a line).
     */
    static void probe() {
        StringJoiner avail = new StringJoiner(",");
        for (Backend b : Backends.available()) {
            avail.add(b.id());
        }
        System.out.println("available=" + avail);
        System.out.println("active=" + Backends.active().id());
        System.out.println("reason=" + Backends.activeReason());
        System.out.println("cpu=" + Backends.cpuFeatures());
        System.out.println("java=" + System.getProperty("java.version"));
        if (ConscryptPeer.available()) {
            System.out.println("conscrypt=" + ConscryptPeer.version());
            System.out.println("conscryptoffers=" + String.join("; ", ConscryptPeer.offers()));
            System.out.println("conscryptlacks=" + String.join("; ", ConscryptPeer.lacks()));
        } else {
            System.out.println("conscryptproblem=" + ConscryptPeer.problem());
        }
    }
}
