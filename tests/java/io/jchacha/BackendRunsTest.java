// SPDX-License-Identifier: Apache-2.0
package io.jchacha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * pom.xml forces every {@link Backend} in one surefire run of its own, so a new constant cannot go untested: runs
 * {@code backend-<id>} in the build for each backend but {@code jdk}, which needs JDK 20+ and runs as
 * {@code jdk25-backend-jdk} in the jdk25 profile. Each such run forces the backend its id names.
 */
class BackendRunsTest {
    /** A surefire execution: its id and the jchacha.backend it forces ("" when none). */
    record Run(String id, String forced) {}

    static Document pom() throws Exception {
        Path pom = Path.of(System.getProperty("jchacha.test.pom", "pom.xml"));
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (var in = Files.newInputStream(pom)) {
            return f.newDocumentBuilder().parse(in);
        }
    }

    static Stream<Element> children(Element e, String name) {
        List<Element> l = new ArrayList<>();
        for (var n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && ((Element) n).getTagName().equals(name)) {
                l.add((Element) n);
            }
        }
        return l.stream();
    }

    static Stream<Element> path(Element e, String... names) {
        Stream<Element> s = Stream.of(e);
        for (String n : names) {
            s = s.flatMap(x -> children(x, n));
        }
        return s;
    }

    static String text(Element e, String... names) {
        return path(e, names).map(x -> x.getTextContent().trim()).findFirst().orElse("");
    }

    /** The surefire executions of a {@code <build>} (of the project or a profile). */
    static List<Run> surefireRuns(Element build) {
        return path(build, "plugins", "plugin")
                .filter(p -> text(p, "artifactId").equals("maven-surefire-plugin"))
                .flatMap(p -> path(p, "executions", "execution"))
                .map(x ->
                        new Run(text(x, "id"), text(x, "configuration", "systemPropertyVariables", "jchacha.backend")))
                .collect(Collectors.toList());
    }

    /** The backends the runs named {@code prefix + id} force, after checking that each forces the one it names. */
    static Set<String> forcedByName(List<Run> runs, String prefix) {
        Set<String> ids = new TreeSet<>();
        for (Run r : runs) {
            if (r.id().startsWith(prefix)) {
                assertEquals(r.id().substring(prefix.length()), r.forced(), r.id() + " forces another backend");
                assertTrue(ids.add(r.forced()), r.forced() + " forced twice");
            }
        }
        return ids;
    }

    static Set<String> ids(Stream<Backend> backends) {
        return backends.map(Backend::id).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void everyBackendHasItsOwnRun() throws Exception {
        Element project = pom().getDocumentElement();
        List<Run> build = surefireRuns(path(project, "build").findFirst().orElseThrow());
        List<Run> jdk25 = path(project, "profiles", "profile")
                .filter(p -> text(p, "id").equals("jdk25"))
                .flatMap(p -> path(p, "build"))
                .flatMap(b -> surefireRuns(b).stream())
                .collect(Collectors.toList());

        assertEquals(
                ids(Stream.of(Backend.values()).filter(b -> b != Backend.JDK)),
                forcedByName(build, "backend-"),
                "pom.xml's backend-<id> surefire executions");
        assertEquals(
                Set.of(Backend.JDK.id()),
                forcedByName(jdk25, "jdk25-backend-"),
                "pom.xml's jdk25 profile: jdk25-backend-<id> executions");
    }
}
