package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.store.BroadcastRequest;
import dev.clockwork.runtime.store.Claim;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A broadcast is delivered a page of targets per transaction, the page's events and the cursor
 * written together: a delivery that dies between pages loses no target and gives none the event
 * twice when it runs again.
 */
class BroadcastDeliveryTest extends StoreFixture {

  @AfterEach
  void dropFault() {
    DB.execute("DROP TRIGGER IF EXISTS fail_for_t3 ON cw_queue");
    DB.execute("DROP FUNCTION IF EXISTS fail_for_t3()");
  }

  @Test
  void aDeliveryThatFailsOnAPageResumesAtThatPage() {
    create(instance("sender").in("paid"));
    for (int i = 1; i <= 5; i++) {
      create("t-" + i);
    }
    Claim claim = lease("sender", T0);
    commitAll(
        update(claim)
            .broadcasts(
                List.of(
                    new BroadcastRequest(
                        "order", "waiting", Event.of("PING"), Priority.NORMAL, "sender"))));
    DB.execute(
        """
        CREATE FUNCTION fail_for_t3() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'the node died delivering to %', NEW.instance_id;
        END $$
        """);
    DB.execute(
        "CREATE TRIGGER fail_for_t3 BEFORE INSERT ON cw_queue FOR EACH ROW"
            + " WHEN (NEW.instance_id = 't-3') EXECUTE FUNCTION fail_for_t3()");

    assertThatThrownBy(() -> store.work().deliverBroadcasts(T0, 2))
        .isInstanceOf(ClockworkException.class)
        .hasMessageContaining("t-3");
    assertThat(store.queue().pendingEvents()).as("the first page").isEqualTo(2);
    dropFault();

    assertThat(store.work().deliverBroadcasts(T0, 2)).isEqualTo(3);
    assertThat(store.work().deliverBroadcasts(T0, 2)).isZero();
    assertThat(claim(T0))
        .extracting(c -> c.instance().id(), c -> c.events().size())
        .containsExactlyInAnyOrder(
            tuple("t-1", 1), tuple("t-2", 1), tuple("t-3", 1), tuple("t-4", 1), tuple("t-5", 1));
  }
}
