package dev.clockwork.definition.xstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.clockwork.core.definition.MachineDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.TestAbortedException;

/**
 * Runs the corpus in src/test/resources/xstate through XState itself (trace.mjs, xstate pinned in
 * src/test/xstate/package-lock.json) and through Clockwork, and compares the traces. A case that
 * differs on purpose says so in {@code difference} and gives Clockwork's trace in {@code
 * clockwork}; both are asserted (see the README's "XState interchange").
 */
class XStateConformanceTest {
  private static final Path CORPUS = Path.of("src/test/resources/xstate");
  private static final Path RUNNER = Path.of("src/test/xstate");
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static JsonNode xstate;
  private static JsonNode exported;

  /** XState's traces, run once; skips the caller (with the reason) where node cannot run them. */
  private static synchronized JsonNode xstate() throws IOException, InterruptedException {
    if (xstate == null) {
      xstate = traces(CORPUS);
    }
    return xstate;
  }

  /**
   * XState's traces of the corpus read by Clockwork and exported again ({@link
   * XStateFormat#write}), each with the case's events; run once.
   */
  private static synchronized JsonNode exported() throws IOException, InterruptedException {
    if (exported != null) {
      return exported;
    }
    Path dir = Files.createTempDirectory("xstate-exported");
    try {
      for (Path file : cases()) {
        JsonNode kase = MAPPER.readTree(Files.readString(file));
        MachineDefinition definition =
            XStateFormat.read(name(file), kase.get("machine").toString(), XStateTrace.BEHAVIORS);
        ObjectNode copy = MAPPER.createObjectNode();
        copy.set("machine", MAPPER.readTree(XStateFormat.write(definition)));
        copy.set("events", kase.get("events"));
        Files.writeString(dir.resolve(name(file)), copy.toString());
      }
      exported = traces(dir);
      return exported;
    } finally {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(dir);
    }
  }

  private static JsonNode traces(Path corpus) throws IOException, InterruptedException {
    assumeTrue(
        Files.isDirectory(RUNNER.resolve("node_modules/xstate")),
        "skipped: no node_modules in " + RUNNER + "; run `npm ci` there (.ci/run does)");
    Process node;
    try {
      node =
          new ProcessBuilder("node", RUNNER.resolve("trace.mjs").toString(), corpus.toString())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
    } catch (IOException e) {
      assumeTrue(false, "skipped: node is not on the PATH (" + e.getMessage() + ")");
      throw e;
    }
    byte[] out = node.getInputStream().readAllBytes();
    assertThat(node.waitFor(60, TimeUnit.SECONDS)).as("trace.mjs finished").isTrue();
    assertThat(node.exitValue()).as("trace.mjs exit code").isZero();
    return MAPPER.readTree(new String(out, StandardCharsets.UTF_8));
  }

  @Test
  void theCorpusHasAtLeastThirtyMachines() throws IOException {
    assertThat(cases()).hasSizeGreaterThanOrEqualTo(30);
  }

  @TestFactory
  Stream<DynamicTest> clockworkAgreesWithXState() throws IOException, InterruptedException {
    JsonNode reference;
    try {
      reference = xstate();
    } catch (TestAbortedException skipped) {
      // a dynamic test, so the report counts the corpus as skipped, with the reason
      return Stream.of(
          DynamicTest.dynamicTest(
              "XState corpus",
              () -> {
                throw skipped;
              }));
    }
    return cases().stream()
        .map(file -> DynamicTest.dynamicTest(name(file), () -> check(file, reference)));
  }

  /**
   * Each corpus machine read by Clockwork, exported with {@link XStateFormat#write} and run by
   * XState gives Clockwork's trace — also for the case that differs on import, since the export
   * writes {@code reenter: true} on a self-transition; read back, the export drives the same in
   * Clockwork.
   */
  @TestFactory
  Stream<DynamicTest> exportedMachinesRunInXStateAsInClockwork()
      throws IOException, InterruptedException {
    JsonNode reference;
    try {
      reference = exported();
    } catch (TestAbortedException skipped) {
      return Stream.of(
          DynamicTest.dynamicTest(
              "XState corpus, exported",
              () -> {
                throw skipped;
              }));
    }
    return cases().stream()
        .map(file -> DynamicTest.dynamicTest(name(file), () -> checkExport(file, reference)));
  }

  private static void checkExport(Path file, JsonNode exported) throws IOException {
    JsonNode kase = MAPPER.readTree(Files.readString(file));
    List<String> events = texts(kase.get("events"));
    MachineDefinition definition =
        XStateFormat.read(name(file), kase.get("machine").toString(), XStateTrace.BEHAVIORS);
    List<String> clockwork = XStateTrace.run(definition, events);
    assertThat(texts(exported.get(name(file))))
        .as("XState's trace of the exported machine against Clockwork's")
        .isEqualTo(clockwork);
    MachineDefinition reread =
        XStateFormat.read(name(file), XStateFormat.write(definition), XStateTrace.BEHAVIORS);
    assertThat(XStateTrace.run(reread, events))
        .as("the exported machine read back by Clockwork")
        .isEqualTo(clockwork);
  }

  private static void check(Path file, JsonNode xstate) throws IOException {
    JsonNode kase = MAPPER.readTree(Files.readString(file));
    List<String> events = texts(kase.get("events"));
    MachineDefinition definition =
        XStateFormat.read(name(file), kase.get("machine").toString(), XStateTrace.BEHAVIORS);
    List<String> clockwork = XStateTrace.run(definition, events);
    List<String> reference = texts(xstate.get(name(file)));
    if (kase.has("difference")) {
      assertThat(clockwork)
          .as("Clockwork's documented trace")
          .isEqualTo(texts(kase.get("clockwork")));
      assertThat(reference)
          .as("XState still differs: " + kase.get("difference"))
          .isNotEqualTo(clockwork);
    } else {
      assertThat(clockwork).as("Clockwork's trace against XState's").isEqualTo(reference);
    }
  }

  private static List<Path> cases() throws IOException {
    try (Stream<Path> files = Files.list(CORPUS)) {
      return files.filter(f -> name(f).endsWith(".json")).sorted().toList();
    }
  }

  private static String name(Path file) {
    return file.getFileName().toString();
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(n -> texts.add(n.asText()));
    return texts;
  }
}
