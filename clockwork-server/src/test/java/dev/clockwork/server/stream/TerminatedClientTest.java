package dev.clockwork.server.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A client whose stream already ended (its write failed, or the server stopped under it) is dropped
 * at the next send and never written again: writing to an ended client makes Javalin log a warning
 * per write, which a stopped server once did millions of times.
 */
class TerminatedClientTest {
  private final AtomicInteger touched = new AtomicInteger();

  @Test
  void anEndedClientIsDroppedAndNotWrittenToAgain() {
    Engine engine =
        Engine.builder()
            .register(
                Machine.define("door")
                    .initial("shut")
                    .state("shut", s -> s.on("KNOCK", t -> t.action(x -> {})))
                    .build())
            .build();
    List<Runnable> scheduled = new ArrayList<>();
    LiveStream stream =
        new LiveStream(
            engine,
            List::of,
            new ObjectMapper(),
            Duration.ZERO,
            (task, delay) -> scheduled.add(task));
    SseClient ended = new SseClient(context());
    ended.close();

    stream.connect(ended, new LiveStream.Watcher(() -> true, "default", true));
    engine.create(NewInstance.of("door").id("front"));
    engine.send("front", Event.of("KNOCK"));
    new ArrayList<>(scheduled).forEach(Runnable::run);

    assertThat(stream.clientCount()).as("the ended client is dropped").isZero();
    assertThat(touched).as("nothing was written to the ended client").hasValue(0);
  }

  /** A request context whose response counts every use (a write would use it). */
  private Context context() {
    HttpServletResponse response =
        (HttpServletResponse)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {HttpServletResponse.class},
                (proxy, method, args) -> {
                  if (method.getDeclaringClass() == Object.class) {
                    return method.getName().equals("hashCode") ? 0 : null;
                  }
                  touched.incrementAndGet();
                  return null;
                });
    return (Context)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Context.class},
            (proxy, method, args) -> method.getName().equals("res") ? response : null);
  }
}
