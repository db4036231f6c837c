package dev.clockwork.examples.order;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example that fills the dead letter queue in {@code clockwork dev}: an order paid with a
 * declined card is refused at once (not retried), a retry of that letter is refused again, and a
 * payment with another card goes through.
 */
class DeclinedCardTest {
  private final VirtualClock clock = VirtualClock.at("2026-11-29T10:00:00Z");
  private final Engine engine =
      Engine.builder().clock(clock).register(OrderMachine.definition()).build();
  private final QueueAdmin queues = engine.admin().queues();

  @Test
  void aDeclinedCardIsDeadLetteredAtOnceWithItsReason() {
    String order = submittedOrder();

    engine.enqueue(order, Event.of("PAY", Map.of("card", "declined")));
    engine.runDue();

    DeadLetter dead = queues.deadLetters("order", 10).get(0);
    assertThat(dead.event().instanceId()).isEqualTo(order);
    assertThat(dead.event().event().payload()).containsEntry("card", "declined");
    assertThat(dead.event().errors())
        .singleElement()
        .extracting(AttemptError::error)
        .asString()
        .contains("CARD_DECLINED", "the card was declined; pay with another card");
    assertThat(engine.instances().get(order).states()).containsExactly("awaiting_payment");
    assertThat(engine.instances().get(order).context()).containsEntry("paid", false);
  }

  @Test
  void retryingTheLetterDeadLettersItAgainAndAnotherCardPays() {
    String order = submittedOrder();
    engine.enqueue(order, Event.of("PAY", Map.of("card", "declined")));
    engine.runDue();
    long letter = queues.deadLetters("order", 10).get(0).id();

    queues.retry(letter, Duration.ZERO);
    assertThat(queues.deadLetters("order", 10)).isEmpty();
    engine.runDue();

    List<DeadLetter> again = queues.deadLetters("order", 10);
    assertThat(again).singleElement().satisfies(d -> assertThat(d.id()).isNotEqualTo(letter));
    assertThat(again.get(0).event().errors())
        .extracting(AttemptError::error)
        .last()
        .asString()
        .contains("CARD_DECLINED");
    assertThat(engine.instances().get(order).states()).containsExactly("awaiting_payment");

    engine.enqueue(order, Event.of("PAY", Map.of("card", "4242")));
    engine.runDue();
    assertThat(engine.instances().get(order).states()).containsExactly("processing");
    assertThat(engine.instances().get(order).context()).containsEntry("paid", true);
  }

  private String submittedOrder() {
    String order = engine.create("order").id();
    engine.send(order, Event.of("SUBMIT"));
    return order;
  }
}
