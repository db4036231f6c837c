package dev.clockwork.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.spring.boot.autoconfigure.ClockworkEngineCustomizer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.annotation.DirtiesContext.ClassMode;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The example application on embedded PostgreSQL: events sent through the controller are processed
 * by the starter's workers, the seven-day timer fires when a controlled clock passes it, the
 * schedule bean exists, and the actuator shows Clockwork's health and endpoint.
 */
@SpringBootTest(properties = "clockwork.workers.poll-interval=50ms")
@AutoConfigureMockMvc
// closed after the class, while its database is up: left to the JVM's exit, the application and
// the embedded PostgreSQL stop in shutdown hooks that run at once, and the stop hung for 30 s
@DirtiesContext(classMode = ClassMode.AFTER_CLASS)
class OrderApplicationTest {
  static final VirtualClock CLOCK = VirtualClock.at("2026-03-01T09:00:00Z");
  static TestDatabase database;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    database = ExampleDatabase.create(registry);
  }

  @TestConfiguration(proxyBeanMethods = false)
  static class ControlledClock {
    @Bean
    ClockworkEngineCustomizer virtualTime() {
      return builder -> builder.clock(CLOCK);
    }
  }

  @Autowired MockMvc http;
  @Autowired Engine engine;
  @Autowired Schedules schedules;
  @Autowired ObjectMapper json;

  @Test
  void anEventSentThroughTheControllerIsProcessedByTheWorkers() throws Exception {
    String id = created();

    http.perform(post("/orders/{id}/events/SUBMIT", id))
        .andExpect(status().isAccepted())
        .andExpect(jsonPath("$.eventId").isNumber());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> engine.instances().get(id).isIn("awaiting_payment"));

    http.perform(post("/orders/{id}/events/PAY", id)).andExpect(status().isAccepted());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> engine.instances().get(id).isIn("processing"));
    http.perform(get("/orders/{id}", id))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.context.paid").value(true));
  }

  @Test
  void theSevenDayTimerFiresWhenTheControlledClockPassesIt() throws Exception {
    String id = created();
    http.perform(post("/orders/{id}/events/SUBMIT", id)).andExpect(status().isAccepted());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> engine.instances().get(id).isIn("awaiting_payment"));

    CLOCK.advance(Duration.ofDays(7).minusMinutes(1));
    assertThat(engine.runDue()).isZero();
    assertThat(engine.instances().get(id).isIn("awaiting_payment")).isTrue();

    CLOCK.advance(Duration.ofMinutes(1));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> engine.instances().get(id).isIn("cancelled"));
  }

  @Test
  void theScheduleBeanExistsAndTheActuatorShowsClockwork() throws Exception {
    assertThat(schedules.find("nightly-restock")).isPresent();
    http.perform(get("/actuator/health/clockwork"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.status").value("UP"));
    http.perform(get("/actuator/clockwork"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.schedules[0].id").value("nightly-restock"));
  }

  private String created() throws Exception {
    String body =
        http.perform(post("/orders"))
            .andExpect(status().isCreated())
            .andReturn()
            .getResponse()
            .getContentAsString();
    return (String) json.readValue(body, Map.class).get("id");
  }
}
