package dev.clockwork.examples.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The README's first command shows the seed's stories end as the seed says. */
class DemoTest {

  @Test
  void theScenarioEndsAsTheSeedDescribes() {
    Demo demo = new Demo();
    demo.run();
    assertThat(demo.engine().instances().get("order-1001").states()).containsExactly("cancelled");
    assertThat(demo.engine().instances().get("order-1002").states()).containsExactly("processing");
    assertThat(demo.engine().instances().get("subscription-2001").context())
        .containsEntry("invoices", 3L);
    assertThat(demo.engine().instances().get("payment-3001").states())
        .containsExactly("payment_failed");
    assertThat(demo.engine().instances().get("payment-3002").states()).containsExactly("paid");
  }

  @Test
  void printsAReadableTimeline() {
    Demo demo = new Demo();
    demo.run();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    demo.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out)
        .contains(
            "2026-01-08 09:00  order-1001          timer fired     ORDER_EXPIRED     cancelled")
        .contains("MAX_RETRIES");
  }
}
