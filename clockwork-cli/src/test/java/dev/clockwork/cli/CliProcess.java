package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs a command in a process of its own, as a user's shell would, and keeps what it printed. */
record CliProcess(int exitCode, String out, String err) {

  static CliProcess run(Path directory, Map<String, String> env, List<String> command)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("cli", ".out");
    Path err = Files.createTempFile("cli", ".err");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().keySet().removeIf(name -> name.startsWith("CLOCKWORK_"));
    builder.environment().putAll(env);
    Process process = builder.start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the command answers").isTrue();
    return new CliProcess(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /** The JVM running the tests, to start the CLI's {@code Main} with. */
  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** This JVM's class path: the CLI's classes and every dependency, as in the shaded jar. */
  static String classPath() {
    return System.getProperty("java.class.path");
  }

  /**
   * A jar that runs the CLI's {@code Main} from this JVM's class path, standing in for the shaded
   * {@code clockwork.jar} the launcher runs (the tests run before {@code package} makes it).
   */
  static void writeLauncherJar(Path jar) throws IOException {
    Manifest manifest = new Manifest();
    Attributes main = manifest.getMainAttributes();
    main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
    main.put(Attributes.Name.MAIN_CLASS, Main.class.getName());
    main.put(
        Attributes.Name.CLASS_PATH,
        Stream.of(classPath().split(File.pathSeparator))
            .map(entry -> Path.of(entry).toUri().toString())
            .collect(Collectors.joining(" ")));
    Files.createDirectories(jar.getParent());
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream ignored = new JarOutputStream(file, manifest)) {
      // the manifest is all it holds
    }
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nout:\n" + out + "\nerr:\n" + err;
  }
}
