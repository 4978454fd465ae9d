// SPDX-License-Identifier: Apache-2.0
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What a Maven Central deploy checks, checked on a build (signatures aside: the release profile makes those with
 * gpg, which CI does not run). Run after `mvn package` (or install) from the project root:
 *
 *   java tools/CheckRelease.java [target/runtime-deps.txt]
 *
 * pom metadata (name, description, url, licenses, developers, scm, issueManagement); the runtime dependencies
 * (native-lib-loader alone, from the pom and, when given, from `mvn dependency:tree -Dscope=runtime -DoutputFile=...`);
 * every artifact present (main, -sources, -javadoc, each classifier jar, the SBOM, the CLI jar) with
 * META-INF/LICENSE and META-INF/NOTICE inside, and the right content in each. Prints one line per check; exits 1
 * listing what is missing.
 */
public class CheckRelease {
    /** classifier -> the library inside it, at native-lib-loader's path */
    static final Map<String, String> PLATFORMS = Map.of(
            "linux-x86_64", "natives/linux_64/libjchacha.so",
            "linux-aarch_64", "natives/linux_arm64/libjchacha.so",
            "windows-x86_64", "natives/windows_64/jchacha.dll",
            "osx-x86_64", "natives/osx_64/libjchacha.dylib",
            "osx-aarch_64", "natives/osx_arm64/libjchacha.dylib");

    static final List<String> problems = new ArrayList<>();
    static int checks;

    static void require(boolean ok, String what) {
        checks++;
        if (!ok) {
            problems.add(what);
        }
    }

    public static void main(String[] args) throws Exception {
        Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile());
        Element project = pom.getDocumentElement();
        String artifactId = text(project, "artifactId");
        String version = text(project, "version");
        for (String path : List.of(
                "name",
                "description",
                "url",
                "licenses/license/name",
                "licenses/license/url",
                "developers/developer/name",
                "scm/url",
                "scm/connection",
                "scm/developerConnection",
                "issueManagement/url")) {
            require(!text(project, path).isBlank(), "pom.xml: <" + path + "> (Maven Central requires it)");
        }
        require(text(project, "licenses/license/name").equals("Apache-2.0"), "pom.xml: license Apache-2.0");

        Set<String> runtime = new TreeSet<>();
        Element deps = child(project, "dependencies");
        for (Node n = deps.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                Element d = (Element) n;
                String scope = text(d, "scope");
                if ((scope.isEmpty() || scope.equals("compile") || scope.equals("runtime"))
                        && !text(d, "optional").equals("true")) {
                    runtime.add(text(d, "groupId") + ":" + text(d, "artifactId"));
                }
            }
        }
        require(
                runtime.equals(Set.of("org.scijava:native-lib-loader")),
                "runtime dependencies are native-lib-loader alone: " + runtime);
        if (args.length > 0) {
            // dependency:tree's text: the root, then "+- g:a:jar:v:scope" for each direct dependency (optional
            // ones, the CLI's picocli, never reach users)
            List<String> direct = Files.readAllLines(Path.of(args[0])).stream()
                    .filter(l -> l.startsWith("+- ") || l.startsWith("\\- "))
                    .filter(l -> !l.endsWith("(optional)"))
                    .map(l -> l.substring(3))
                    .toList();
            require(
                    direct.size() == 1 && direct.get(0).startsWith("org.scijava:native-lib-loader:"),
                    "dependency:tree -Dscope=runtime: native-lib-loader alone, found " + direct);
        }

        String base = "target/" + artifactId + "-" + version;
        jar(base + ".jar", "io/jchacha/ChaCha20.class", "module-info.class");
        jar(base + "-sources.jar", "io/jchacha/ChaCha20.java", "module-info.java");
        jar(base + "-javadoc.jar", "index.html", "io.jchacha/io/jchacha/ChaCha20.html");
        for (var p : new TreeSet<>(PLATFORMS.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .toList())) {
            String[] kv = p.split("=");
            jar(base + "-" + kv[0] + ".jar", kv[1]);
        }
        jar(base + "-all.jar", PLATFORMS.values().toArray(new String[0]));
        jar(
                "target/jchacha-cli.jar",
                "io/jchacha/cli/Main.class",
                "META-INF/licenses/native-lib-loader-BSD-2-Clause.txt");
        try (ZipFile main = new ZipFile(base + ".jar")) {
            require(
                    main.stream().noneMatch(e -> e.getName().startsWith("natives/")),
                    base + ".jar: no native libraries (they go in the classifier jars)");
        }
        Path bom = Path.of("target/bom.json");
        require(
                Files.isRegularFile(bom) && Files.readString(bom).contains("\"bomFormat\" : \"CycloneDX\""),
                "target/bom.json: a CycloneDX SBOM");

        for (String f : List.of("LICENSE", "NOTICE", "CHANGELOG.md", "README.md")) {
            require(Files.isRegularFile(Path.of(f)), f + " at the project root");
        }
        if (problems.isEmpty()) {
            System.out.println("release check: " + checks + " passed, 0 failed");
        } else {
            problems.forEach(p -> System.out.println("MISSING: " + p));
            System.out.println(
                    "release check: " + (checks - problems.size()) + " passed, " + problems.size() + " failed");
            System.exit(1);
        }
    }

    /** The jar exists and holds the license files and every named entry. */
    static void jar(String file, String... entries) throws IOException {
        if (!Files.isRegularFile(Path.of(file))) {
            require(false, file + " was not built");
            return;
        }
        try (ZipFile z = new ZipFile(file)) {
            for (String e : List.of("META-INF/LICENSE", "META-INF/NOTICE")) {
                require(z.getEntry(e) != null, file + ": " + e);
            }
            for (String e : entries) {
                require(z.getEntry(e) != null, file + ": " + e);
            }
        }
        System.out.println("ok " + file);
    }

    static Element child(Element e, String name) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && n.getNodeName().equals(name)) {
                return (Element) n;
            }
        }
        return null;
    }

    /** Text at a slash-separated path of direct children (first match at each step), or "". */
    static String text(Element e, String path) {
        Element at = e;
        for (String step : path.split("/")) {
            at = at == null ? null : child(at, step);
        }
        return at == null ? "" : at.getTextContent().trim();
    }
}
