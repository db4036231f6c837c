package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/instances} for an instance whose actions throw while it starts: a 422 whose
 * {@code failure} names the action, where it sits and what it threw; nothing is stored.
 */
class CreationFailureTest {
  /** Opens an account by a named action of the transition its first step raises for. */
  private static final MachineDefinition ACCOUNT =
      Machine.define("account")
          .behaviors(
              Behaviors.builder()
                  .action(
                      "openAccount",
                      scope -> {
                        throw new IllegalStateException("the bank is closed");
                      })
                  .build())
          .initial("opening")
          .state(
              "opening",
              s ->
                  s.entry(a -> a.raise("OPEN")).on("OPEN", t -> t.to("open").action("openAccount")))
          .finalState("open")
          .build();

  static final ApiFixture API = ApiFixture.start(builder -> builder.register(ACCOUNT));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  @Test
  void anEntryActionFailingAtCreateIs422NamingItsStateAndError() {
    // the example fulfilment charges amount_cents, which this input leaves out
    Response response =
        API.post(
            "/api/instances",
            ApiFixture.OPERATOR,
            "{\"machine\": \"fulfilment\", \"id\": \"f-1\", \"input\": {\"order_id\": \"o-1\"}}");

    assertThat(response.status()).isEqualTo(422);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    JsonNode body = response.json();
    assertThat(body.get("detail").asText())
        .contains("instance 'f-1' of 'fulfilment' could not start, and nothing was stored")
        .contains("entry action #1 of state 'processing.payment.charging'")
        .contains("context key 'amount_cents' is missing: it must hold a number");
    assertThat(body.at("/failure/action").asText()).isEqualTo("#1");
    assertThat(body.at("/failure/kind").asText()).isEqualTo("entry");
    assertThat(body.at("/failure/state").asText()).isEqualTo("processing.payment.charging");
    assertThat(body.at("/failure/transition").isMissingNode()).isTrue();
    assertThat(body.at("/failure/error").asText())
        .startsWith("IllegalStateException")
        .contains("amount_cents");
    assertThat(API.engine().instances().list(InstanceQuery.builder().machine("fulfilment").build()))
        .isEmpty();
  }

  @Test
  void aNamedTransitionActionFailingAtCreateIs422NamingItAndItsTransition() {
    Response response =
        API.post(
            "/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"account\", \"id\": \"a-1\"}");

    assertThat(response.status()).isEqualTo(422);
    JsonNode body = response.json();
    assertThat(body.get("detail").asText())
        .contains("transition action 'openAccount' of transition 'account.opening.on.OPEN'")
        .contains("IllegalStateException: the bank is closed");
    assertThat(body.at("/failure/action").asText()).isEqualTo("openAccount");
    assertThat(body.at("/failure/kind").asText()).isEqualTo("transition");
    assertThat(body.at("/failure/state").asText()).isEqualTo("opening");
    assertThat(body.at("/failure/transition").asText()).isEqualTo("account.opening.on.OPEN");
    assertThat(body.at("/failure/error").asText())
        .isEqualTo("IllegalStateException: the bank is closed");
    assertThat(API.engine().instances().list(InstanceQuery.builder().machine("account").build()))
        .isEmpty();
  }
}
