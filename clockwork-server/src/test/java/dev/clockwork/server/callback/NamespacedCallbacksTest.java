package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.callback.NewCallback;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Callbacks keep their instance's stored id: an event with a callback on an instance of another
 * namespace than the default is queued there, its outcome read there and reported with the id and
 * the namespace; recovery re-queues it there too.
 */
class NamespacedCallbacksTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private final Callbacks callbacks =
      new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
  private final Namespace tenant = fixture.engine.namespace("tenant-a");

  @AfterEach
  void close() {
    receiver.close();
    fixture.close();
  }

  @Test
  void anEventWithACallbackIsQueuedReadAndReportedInItsNamespace() {
    tenant.create(NewInstance.of("job").id("job-1"));
    String stored = NamespacedIds.stored("tenant-a", "job-1");

    QueuedEvent queued = fixture.send(callbacks, stored, "GO", receiver.url("/done"));
    fixture.engine.runDue();
    callbacks.runDue();

    assertThat(tenant.instances().get("job-1").states()).containsExactly("done");
    assertThat(callbacks.deliveries(stored, queued.id()).get(0).outcome()).isEqualTo("delivered");
    assertThat(receiver.requests()).hasSize(1);
    assertThat(receiver.requests().get(0).body())
        .contains("\"instance_id\":\"job-1\"")
        .contains("\"namespace\":\"tenant-a\"")
        .contains("\"outcome\":\"applied\"");
  }

  @Test
  void recoveryQueuesAnUnboundCallbacksEventInItsNamespace() {
    tenant.create(NewInstance.of("job").id("job-2"));
    String stored = NamespacedIds.stored("tenant-a", "job-2");
    fixture.callbackStore.register(
        new NewCallback(
            stored,
            "key-ns",
            "GO",
            Map.of("n", 1),
            Priority.NORMAL,
            receiver.url("/late"),
            "otto",
            fixture.clock.instant()));
    // the server stops here: the event was never queued

    fixture.clock.advance(Recovery.GRACE);
    callbacks.runDue();
    fixture.engine.runDue();
    callbacks.runDue();

    assertThat(tenant.instances().get("job-2").states()).containsExactly("done");
    assertThat(receiver.requests()).hasSize(1);
    assertThat(receiver.requests().get(0).body()).contains("\"namespace\":\"tenant-a\"");
  }
}
