package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * Retention's progress on the queues overview and {@code GET /api/retention}: after this node's
 * pass, the rows it removed, per machine and table what it left to do, and the store's running
 * totals of rows removed.
 */
class RetentionPanelBrowserTest {
  static ApiFixture api;
  static Browser browser;

  @BeforeAll
  static void start() {
    api = ApiFixture.start(builder -> builder.register(DeskMachine.DESK));
    api.engine().create(NewInstance.of("desk").id("d-old"));
    api.engine().send("d-old", Event.of("START"));
    api.engine().send("d-old", Event.of("DONE"));
    api.clock().advance(Duration.ofDays(31));
    api.engine().start();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> api.get("/api/retention", ApiFixture.VIEWER).json().has("last_pass_removed"));
  }

  @AfterAll
  static void stop() throws Exception {
    BrowserSupport.closeAll(browser, api);
  }

  @Test
  void theApiSaysWhatThePassRemovedAndWhatIsLeft() {
    JsonNode status = api.get("/api/retention", ApiFixture.VIEWER).json();

    assertThat(status.get("removed_since_start").get("instances").asLong()).isEqualTo(1);
    assertThat(status.get("removed_since_start").get("history").asLong())
        .as("d-old's")
        .isPositive();
    assertThat(status.get("tables"))
        .anySatisfy(
            t -> {
              assertThat(t.get("machine").asText()).isEqualTo("*");
              assertThat(t.get("table").asText()).isEqualTo("instances");
              assertThat(t.get("backlog").asLong()).isZero();
              assertThat(t.get("backlog_at_least").asBoolean()).isFalse();
            });
    assertThat(status.get("removed"))
        .as("the store's running totals")
        .anySatisfy(
            t -> {
              assertThat(t.get("machine").asText()).isEqualTo("*");
              assertThat(t.get("table").asText()).isEqualTo("instances");
              assertThat(t.get("rows").asLong()).isEqualTo(1);
              assertThat(t.get("last_removed_at").asText()).isNotBlank();
            });
    assertThat(api.get("/api/retention", null).status()).isEqualTo(401);
  }

  @Test
  void theQueuesOverviewShowsRetentionProgress() {
    BrowserSupport.requireChromium();
    browser = Browser.open(api.url());
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(
            By.id("retention-removed"), "rows removed since the server started"));

    assertThat(browser.find("#retention-removed").getText())
        .contains("instances 1", "history ")
        .containsPattern("last pass took [\\d.]+ (ms|s|min)\\.");
    assertThat(
            browser.find("#retention [data-table='*/instances'] [data-field='backlog']").getText())
        .isEqualTo("0");
    assertThat(
            browser.find("#retention [data-table='*/instances'] [data-field='removed']").getText())
        .as("the store's running total, next to the backlog")
        .isEqualTo("1");
    assertThat(browser.find("#retention thead").getText()).contains("Removed (all nodes)");
    browser.screenshot("retention-panel");
  }
}
