package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.server.ApiFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * Operator work in headless Chromium: retrying a dead letter, a viewer refused the same (no button,
 * and 403 when the page asks anyway), and paging through a schedule's history 100 at a time.
 */
class OperatorBrowserTest {
  static ApiFixture api;
  static Browser browser;

  @BeforeAll
  static void start() {
    BrowserSupport.requireChromium();
    api = ApiFixture.start(builder -> builder.register(DeskMachine.DESK));
    browser = Browser.open(api.url());
  }

  @AfterAll
  static void stop() throws Exception {
    BrowserSupport.closeAll(browser, api);
  }

  @BeforeEach
  void clean() {
    api.reset();
  }

  @Test
  void anOperatorRetriesADeadLetterSeeingEachAttemptsError() {
    long id = deadLetter("d-dead");
    browser.loginAs(ApiFixture.OPERATOR, "otto-operator");

    browser.go("#/dead-letters");
    By row = By.cssSelector("tr[data-dead-letter='" + id + "']");
    browser.await(ExpectedConditions.presenceOfElementLocated(row));
    assertThat(browser.driver().findElement(row).getText())
        .contains("d-dead", "REFUSE", "the desk is closed");
    browser.screenshot("dead-letters");
    browser.driver().findElement(row).findElement(By.cssSelector("button.retry")).click();

    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(
            By.id("dead-letter-message"), "retried as event"));
    assertThat(api.get("/api/dead-letters", ApiFixture.VIEWER).json().get("items")).isEmpty();
    assertThat(api.engine().admin().queues().status("desk").pending()).isEqualTo(1);
  }

  @Test
  void aViewerIsOfferedNoRetryAndIsRefusedWhenThePageAsksAnyway() {
    long id = deadLetter("d-viewer");
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    browser.go("#/dead-letters");
    By row = By.cssSelector("tr[data-dead-letter='" + id + "']");
    browser.await(ExpectedConditions.presenceOfElementLocated(row));
    assertThat(browser.driver().findElements(By.cssSelector("button.retry"))).isEmpty();

    Object status =
        browser
            .driver()
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "fetch('/api/dead-letters/' + arguments[0] + '/retry', {method: 'POST',"
                    + " headers: {'X-Clockwork-Request': '1', 'Content-Type': 'application/json'},"
                    + " body: '{}'}).then(r => done(r.status));",
                id);

    assertThat(status).isEqualTo(403L);
    assertThat(api.get("/api/dead-letters", ApiFixture.VIEWER).json().get("items")).hasSize(1);
    browser.screenshot("dead-letters-viewer");
  }

  @Test
  void aSchedulesHistoryPagesInHundreds() {
    String created =
        """
        {"schedule_id": "desk-hourly", "spec": {"intervals": [{"every": "PT1H"}]},
         "action": {"machine": "desk"}}
        """;
    assertThat(api.post("/api/schedules", ApiFixture.ADMIN, created).status()).isEqualTo(201);
    CommandContext context = new CommandContext("ada-admin", "req-test", "test", "paging");
    for (int i = 0; i < 60; i++) {
      api.schedules().withContext(context).pause("desk-hourly", "pause " + i);
      api.schedules().withContext(context).resume("desk-hourly");
    }
    JsonNode events =
        api.get("/api/schedules/desk-hourly/history?limit=500", ApiFixture.VIEWER)
            .json()
            .get("events");
    int total = events.size();
    String lastSequence = events.get(total - 1).get("sequence").asText();
    assertThat(total).isGreaterThan(100).isLessThanOrEqualTo(200);
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    browser.go("#/schedules/desk-hourly");
    By rows = By.cssSelector("#schedule-history tbody tr");
    browser.await(ExpectedConditions.numberOfElementsToBe(rows, 100));
    assertThat(browser.find("#upcoming").getText()).isNotBlank();
    browser.screenshot("schedule-history");
    browser.find("#history-more").click();

    browser.await(ExpectedConditions.numberOfElementsToBe(rows, total));
    browser.script("document.getElementById('history-status').scrollIntoView()");
    browser.screenshot("schedule-history-all");
    browser.await(ExpectedConditions.invisibilityOfElementLocated(By.id("history-more")));
    assertThat(browser.find("#history-status").getText()).contains(total + " event(s) shown");
    List<WebElement> shown = browser.driver().findElements(rows);
    assertThat(shown)
        .extracting(row -> row.getAttribute("data-sequence"))
        .as("every event once, in order")
        .doesNotHaveDuplicates()
        .endsWith(lastSequence);
    assertThat(shown.get(total - 1).getText()).contains("ada-admin");
    assertThat(browser.find("#schedule-history").getText())
        .as("details as words, not one-line JSON")
        .doesNotContain("{\"")
        .contains("reason: pause 59");

    browser.go("#/schedules");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("main"), "desk-hourly"));
    assertThat(browser.find(".spec").getText()).contains("every: 1 h").doesNotContain("PT1H");
  }

  @Test
  void anOperatorSendsAnEventThenFollowsItsTimerAndConversation() {
    api.engine().create(NewInstance.of("desk").id("d-send"));
    browser.loginAs(ApiFixture.OPERATOR, "otto-operator");

    browser.go("#/instances/d-send");
    browser.await(ExpectedConditions.presenceOfElementLocated(By.id("send-event")));
    assertThat(new Select(browser.find("#event-type")).getOptions())
        .extracting(WebElement::getText)
        .as("what open accepts")
        .containsExactly("NOTE", "REFUSE", "START");
    new Select(browser.find("#event-type")).selectByValue("START");
    browser.find("#send-event button").click();

    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("send-result"), "working"));
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("active-states"), "working"));
    assertThat(api.engine().instances().get("d-send").states()).contains("working");
    browser.await(
        d ->
            new Select(browser.find("#event-type"))
                .getOptions().stream().map(WebElement::getText).toList().equals(List.of("DONE")));
    browser.screenshot("send-form-working");

    browser.go("#/timers?due_within=P1D");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("main"), "d-send"));
    assertThat(browser.find("#main").getText()).contains("NUDGE");

    browser.go("#/instances/d-send");
    browser.await(ExpectedConditions.presenceOfElementLocated(By.partialLinkText("conv-"))).click();
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("conversation"), "d-send"));

    browser.go("#/instances/d-send");
    browser.await(ExpectedConditions.presenceOfElementLocated(By.id("send-event")));
    new Select(browser.find("#event-type")).selectByValue("DONE");
    browser.find("#send-event button").click();
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("send-none"), "takes no more"));
    assertThat(browser.find("#send-event").isDisplayed()).as("nothing on a finished one").isFalse();
  }

  /** A desk instance whose REFUSE event died at once; the dead letter's id. */
  private static long deadLetter(String instanceId) {
    api.engine().create(NewInstance.of("desk").id(instanceId));
    api.engine().enqueue(instanceId, Event.of("REFUSE", Map.of("why", "closed")));
    api.engine().runDue();
    return api.get("/api/dead-letters", ApiFixture.VIEWER)
        .json()
        .get("items")
        .get(0)
        .get("id")
        .asLong();
  }
}
