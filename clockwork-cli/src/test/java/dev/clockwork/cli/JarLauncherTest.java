package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/jar-launcher.sh}, the one helper of {@code ./clockwork}, {@code
 * clockwork-bench/run} and {@code clockwork-chaos/run}, on a checkout of two modules with a
 * stand-in {@code mvn} that counts its builds: a jar is rebuilt when a source, resource or pom that
 * goes into it changed, not when target/ changed, and a rebuild never rewrites the copy a running
 * process uses.
 */
class JarLauncherTest {
  private static final Path HELPER =
      Path.of("..", "scripts", "jar-launcher.sh").toAbsolutePath().normalize();

  @TempDir Path root;
  private Path builds;

  @BeforeEach
  void checkout() throws IOException {
    write("pom.xml", "<project/>");
    write(
        "app/pom.xml",
        """
        <project><dependencies>
          <dependency><artifactId>clockwork-lib</artifactId></dependency>
          <dependency><artifactId>clockwork-fixtures</artifactId><scope>test</scope></dependency>
        </dependencies></project>
        """);
    write("app/src/main/java/App.java", "class App {}");
    write("app/src/test/java/AppTest.java", "class AppTest {}");
    write("clockwork-lib/pom.xml", "<project/>");
    write("clockwork-lib/src/main/resources/page.html", "<p>v1</p>");
    write("clockwork-fixtures/pom.xml", "<project/>");
    write("clockwork-fixtures/src/main/java/Fixture.java", "class Fixture {}");
    builds = root.resolve("builds.log");
    Path bin = Files.createDirectories(root.resolve("bin"));
    // the stand-in build: records itself and writes a jar holding the build's number
    write(
        "bin/mvn",
        """
        #!/usr/bin/env bash
        echo build >> "%s"
        mkdir -p app/target
        wc -l < "%s" > app/target/app.jar
        """
            .formatted(builds, builds));
    Files.setPosixFilePermissions(bin.resolve("mvn"), PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void theModulesOfAJarAreItsOwnAndItsNonTestDependencies() throws Exception {
    assertThat(bash("launcher_modules \"$ROOT\" app").lines())
        .containsExactly("app", "clockwork-lib");
  }

  @Test
  void aJarIsBuiltOnceAndRunFromACopyNamedByItsSources() throws Exception {
    String first = bash("launcher_jar \"$ROOT\" app app.jar").strip();
    String again = bash("launcher_jar \"$ROOT\" app app.jar").strip();

    assertThat(again).isEqualTo(first).startsWith(root.resolve(".launcher/app/app-").toString());
    assertThat(Files.readString(Path.of(first)).strip()).isEqualTo("1");
    assertThat(builds()).isEqualTo(1);
  }

  @Test
  void aChangedResourceOfADependencyRebuildsWithoutTouchingTheCopyInUse() throws Exception {
    Path inUse = Path.of(bash("launcher_jar \"$ROOT\" app app.jar").strip());

    write("clockwork-lib/src/main/resources/page.html", "<p>v2</p>");
    Path rebuilt = Path.of(bash("launcher_jar \"$ROOT\" app app.jar").strip());

    assertThat(builds()).isEqualTo(2);
    assertThat(rebuilt).isNotEqualTo(inUse);
    assertThat(Files.readString(rebuilt).strip()).isEqualTo("2");
    assertThat(Files.readString(inUse).strip()).as("the running copy is untouched").isEqualTo("1");
  }

  @Test
  void targetTestSourcesAndTestScopedModulesDoNotMakeAJarStale() throws Exception {
    bash("launcher_jar \"$ROOT\" app app.jar");

    write("app/target/classes/App.class", "compiled by an IDE");
    write("clockwork-lib/target/generated/Thing.java", "class Thing {}");
    write("app/src/test/java/AppTest.java", "class AppTest { int changed; }");
    write("clockwork-fixtures/src/main/java/Fixture.java", "class Fixture { int changed; }");
    bash("launcher_jar \"$ROOT\" app app.jar");

    assertThat(builds()).isEqualTo(1);
  }

  @Test
  void aCheckoutWithoutTheModulesSourcesRunsTheJarItHas() throws Exception {
    assertThat(bash("launcher_jar \"$ROOT\" other other.jar").strip())
        .isEqualTo(root.resolve("other/target/other.jar").toString());
    assertThat(builds()).isZero();
  }

  private int builds() throws IOException {
    return Files.exists(builds) ? (int) Files.readAllLines(builds).size() : 0;
  }

  private void write(String path, String text) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private String bash(String script) throws IOException, InterruptedException {
    Path out = Files.createTempFile("launcher", ".out");
    ProcessBuilder builder =
        new ProcessBuilder(
                List.of("bash", "-c", "set -euo pipefail; source \"$HELPER\"; " + script))
            .directory(root.toFile())
            .redirectOutput(out.toFile())
            .redirectErrorStream(false)
            .redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("HELPER", HELPER.toString());
    builder.environment().put("ROOT", root.toString());
    builder
        .environment()
        .put("PATH", root.resolve("bin") + ":" + System.getenv().getOrDefault("PATH", ""));
    Process process = builder.start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the helper answers").isTrue();
    assertThat(process.exitValue()).as(script).isZero();
    try (Stream<String> lines = Files.lines(out)) {
      return String.join("\n", lines.toList());
    }
  }
}
