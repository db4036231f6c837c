package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/instances/{id}/timers/{timer}}: an operator moves, puts off, fires or cancels
 * one armed timer; a viewer may not; another tenant's instance is a 404; a timer not armed a 422.
 */
class InstanceTimerRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  @AfterAll
  static void stop() {
    API.close();
  }

  private Instant created;

  /** A ledger arms REMIND (+10 min) and CLOSE (+2 h). */
  @BeforeEach
  void ledger() {
    API.reset();
    created = API.clock().instant();
    API.engine().create(NewInstance.of("ledger").id("l-1"));
  }

  private static ApiFixture.Response operate(String timer, String body, String token) {
    return API.post("/api/instances/l-1/timers/" + timer, token, body);
  }

  @Test
  void extendPutsTheTimerOffAndIsAuditedWithTheReason() {
    ApiFixture.Response response =
        operate(
            "CLOSE",
            "{\"operation\": \"extend\", \"by\": \"PT1H\", \"reason\": \"auditor asked\"}",
            ApiFixture.OPERATOR);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode json = response.json();
    assertThat(json.get("due_at").asText()).isEqualTo(created.plus(Duration.ofHours(3)).toString());
    assertThat(json.get("operation").asText()).isEqualTo("extend");
    OperatorAction audited = API.engine().admin().operatorLog().latest(null, 1).get(0);
    assertThat(audited.action()).isEqualTo("timer.extend");
    assertThat(audited.target()).isEqualTo("instance:l-1");
    assertThat(audited.details()).containsEntry("reason", "auditor asked");
    assertThat(API.engine().instances().history(HistoryQuery.all("l-1")))
        .anySatisfy(h -> assertThat(h.event()).isEqualTo("@timer"));
  }

  @Test
  void rescheduleFireAndCancel() {
    Instant to = created.plus(Duration.ofDays(1));
    ApiFixture.Response moved =
        operate(
            "REMIND",
            "{\"operation\": \"reschedule\", \"to\": \"" + to + "\"}",
            ApiFixture.OPERATOR);
    assertThat(moved.json().get("due_at").asText()).isEqualTo(to.toString());

    ApiFixture.Response cancelled =
        operate("REMIND", "{\"operation\": \"cancel\"}", ApiFixture.OPERATOR);
    assertThat(cancelled.status()).isEqualTo(200);
    assertThat(cancelled.json().get("due_at").isNull()).isTrue();

    ApiFixture.Response fired = operate("CLOSE", "{\"operation\": \"fire\"}", ApiFixture.OPERATOR);
    assertThat(fired.status()).as(fired.body()).isEqualTo(200);
    assertThat(API.engine().instances().get("l-1").timers()).isEmpty();
  }

  @Test
  void aViewerMayNotAnotherTenantGetsA404AndMistakesAreNamed() {
    assertThat(operate("CLOSE", "{\"operation\": \"cancel\"}", ApiFixture.VIEWER).status())
        .isEqualTo(403);
    assertThat(operate("CLOSE", "{\"operation\": \"cancel\"}", ApiFixture.TENANT_A).status())
        .isEqualTo(404);

    ApiFixture.Response notArmed =
        operate("PAY", "{\"operation\": \"cancel\"}", ApiFixture.OPERATOR);
    assertThat(notArmed.status()).isEqualTo(422);
    assertThat(notArmed.json().get("detail").asText()).contains("no armed timer 'PAY'");

    ApiFixture.Response badOperation =
        operate("CLOSE", "{\"operation\": \"snooze\"}", ApiFixture.OPERATOR);
    assertThat(badOperation.status()).isEqualTo(400);
    assertThat(badOperation.json().get("detail").asText()).contains("reschedule, extend, fire");

    ApiFixture.Response noTo =
        operate("CLOSE", "{\"operation\": \"reschedule\"}", ApiFixture.OPERATOR);
    assertThat(noTo.status()).isEqualTo(400);
    assertThat(API.engine().instances().get("l-1").timers()).hasSize(2);
  }
}
