package dev.clockwork.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.SseReader;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Stopping the server with a stream client connected ends the stream at once ({@code
 * StreamRoutes.close} before the web server stops): the stop is prompt, the client sees its stream
 * end, and no thread the server started keeps serving or pushing a stream.
 */
class StreamShutdownTest {
  @Test
  void stoppingTheServerEndsAnOpenStreamPromptlyAndLeavesNoStreamThread() {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    ApiFixture api = ApiFixture.start();
    try (SseReader reader = new SseReader(api.url(), ApiFixture.VIEWER)) {
      await().atMost(Duration.ofSeconds(10)).until(() -> reader.queuePushes() > 0);

      assertTimeoutPreemptively(Duration.ofSeconds(10), () -> api.server().close());
      await().atMost(Duration.ofSeconds(10)).until(reader::ended);

      // the engine works on after its server stopped: nothing may push to the ended stream
      api.engine().create(NewInstance.of("order").id("after-stop"));
      for (int i = 0; i < 5; i++) {
        api.engine().enqueue("after-stop", Event.of("SUBMIT"));
      }
      api.engine().runDue();
      await()
          .atMost(Duration.ofSeconds(15))
          .untilAsserted(() -> assertThat(streamThreads(before)).isEmpty());
    } finally {
      api.close();
    }
  }

  /**
   * The live threads started since {@code before} that push a stream or run in its code: named
   * {@code clockwork-stream}, or with a stream frame on their stack.
   */
  private static List<String> streamThreads(Set<Thread> before) {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> !before.contains(e.getKey()) && e.getKey().isAlive())
        .filter(e -> e.getKey() != Thread.currentThread()) // the one asking
        .filter(StreamShutdownTest::inStream)
        .map(e -> e.getKey().getName() + " " + e.getKey().getState())
        .toList();
  }

  private static boolean inStream(Map.Entry<Thread, StackTraceElement[]> thread) {
    return thread.getKey().getName().startsWith("clockwork-stream")
        || Arrays.stream(thread.getValue())
            .anyMatch(
                frame ->
                    frame.getClassName().startsWith("dev.clockwork.server.stream.")
                        || frame.getClassName().startsWith("io.javalin.http.sse."));
  }
}
