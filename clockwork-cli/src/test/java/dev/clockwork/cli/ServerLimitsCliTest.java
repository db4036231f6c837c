package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.cli.serve.ServeSession;
import dev.clockwork.cli.serve.ServerCommand;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clockwork server} applies {@code server.limits} from {@code clockwork.yaml}: a login body
 * sent in five parts 300 ms apart (about 15 bytes a second when judged) is cut off with a 408 at
 * the default minimum rate (256 bytes a second, as the server's own tests show) and answered when
 * the file lowers it to 1.
 */
class ServerLimitsCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  @TempDir Path project;

  private ServeSession server(String yaml) throws Exception {
    Path config = Files.writeString(project.resolve("clockwork.yaml"), yaml);
    CliEnvironment env =
        new CliEnvironment(
            CliRun.databaseEnv(DB),
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(new StringWriter(), true),
            Clock.systemUTC(),
            new PostgresDatabase(),
            List.of());
    ServerCommand command = new ServerCommand(env);
    new CommandLine(command).parseArgs("--port", "0", "--config", config.toString());
    return command.start();
  }

  /** The status line of a login whose body comes in five parts, 300 ms apart. */
  private static String loginInParts(String url) throws Exception {
    URI uri = URI.create(url);
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      String body = "{\"token\": \"not-a-token-this-server-knows\"}";
      out.write(
          ("POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                  + "Content-Length: "
                  + body.length()
                  + "\r\n\r\n"
                  + body.charAt(0))
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      // the rate is judged when the server waits for more of a body it has part of
      for (String part :
          List.of(
              body.substring(1, 5),
              body.substring(5, 9),
              body.substring(9, 13),
              body.substring(13))) {
        LockSupport.parkNanos(Duration.ofMillis(300).toNanos());
        try {
          out.write(part.getBytes(StandardCharsets.US_ASCII));
          out.flush();
        } catch (IOException answeredAndClosed) {
          break; // the server cut the body off: its answer is waiting to be read
        }
      }
      InputStream in = socket.getInputStream();
      return new String(in.readNBytes(12), StandardCharsets.US_ASCII);
    }
  }

  @Test
  void aLowerMinimumRateFromClockworkYamlLetsASlowBodyThrough() throws Exception {
    try (ServeSession server = server("server:\n  limits:\n    min_request_rate: 1\n")) {
      assertThat(loginInParts(server.url())).isEqualTo("HTTP/1.1 401");
    }
  }

  @Test
  void theDefaultMinimumRateCutsTheSameBodyOff() throws Exception {
    try (ServeSession server = server("server:\n  port: 0\n")) {
      assertThat(loginInParts(server.url())).isEqualTo("HTTP/1.1 408");
    }
  }
}
