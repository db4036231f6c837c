package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.queue.QueuedEvent;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A host name on the allow-list that resolves to a loopback address is not called: the attempt
 * fails naming the address and the fix, and the receiver hears nothing.
 */
class CallbackAddressTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private final Callbacks callbacks =
      new Callbacks(
          fixture.engine,
          CallbackOptions.builder(fixture.callbackStore)
              .secret(CallbackFixture.SECRET)
              .allowHttp(true)
              .allowHost("localhost:" + receiver.port())
              .build());

  @AfterEach
  void close() {
    callbacks.close();
    receiver.close();
    fixture.close();
  }

  @Test
  void anAllowedNameResolvingToLoopbackIsNotCalled() {
    String id = fixture.job("job-1");
    URI url = URI.create("http://localhost:" + receiver.port() + "/hooks/done");
    QueuedEvent go = fixture.send(callbacks, id, "GO", url);
    fixture.engine.runDue();

    callbacks.runDue();

    CallbackView view = callbacks.deliveries(id, go.id()).get(0);
    assertThat(view.lastError())
        .contains("callback host 'localhost' resolves to")
        .contains("a loopback address")
        .contains("CallbackOptions.allowHost(");
    assertThat(receiver.requests()).isEmpty();
  }
}
