package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.TrimMarker;
import dev.clockwork.runtime.store.retention.RetentionScope;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver.Timeouts;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The dashboard in headless Chromium: logging in with a token (kept out of script reach), the
 * queues changing live as an event is sent through the API, an instance's diagram with its active
 * state highlighted (and redrawn live when it moves on), a trimmed history's marker in words, and a
 * payload holding markup shown as text without running it.
 */
class DashboardBrowserTest {
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
  void logsInWithATokenThatNoScriptCanReadAndSeesAQueueChangeLive() {
    createDesk("d-live");
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.await(ExpectedConditions.presenceOfElementLocated(deskPending()));
    assertThat(browser.driver().findElement(deskPending()).getText()).isEqualTo("0");
    browser.await(ExpectedConditions.attributeContains(By.id("live"), "class", "on"));

    ApiFixture.Response sent =
        api.post(
            "/api/instances/d-live/events?mode=queued",
            ApiFixture.OPERATOR,
            "{\"type\":\"START\"}");
    assertThat(sent.status()).as(sent.body()).isEqualTo(202);

    browser.await(ExpectedConditions.textToBe(deskPending(), "1"));
    browser.screenshot("queues-live");
    assertThat(browser.script("return document.cookie")).isEqualTo("");
    assertThat(browser.script("return localStorage.length + sessionStorage.length")).isEqualTo(0L);
    assertThat(browser.driver().getPageSource()).doesNotContain(ApiFixture.VIEWER);
  }

  @Test
  void anInstanceShowsItsDiagramWithTheActiveStateHighlighted() {
    createDesk("d-diagram");
    send("d-diagram", "{\"type\":\"START\"}");
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    browser.go("#/instances/d-diagram");
    WebElement active =
        browser.await(
            ExpectedConditions.presenceOfElementLocated(By.cssSelector("#diagram svg g.active")));

    assertThat(active.getText()).contains("working");
    List<WebElement> inactive =
        browser.driver().findElements(By.cssSelector("#diagram svg g.node:not(.active)"));
    assertThat(inactive).extracting(WebElement::getText).anyMatch(t -> t.contains("open"));
    assertThat(browser.find("#active-states").getText()).contains("working");
    assertThat(browser.find("#instance-details").getText()).contains("NUDGE");
    browser.await(
        ExpectedConditions.numberOfElementsToBeMoreThan(By.cssSelector("#history li"), 1));
    assertThat(browser.driver().findElements(By.id("send-event")))
        .as("a viewer is offered no send form")
        .isEmpty();
    browser.screenshot("instance");

    send("d-diagram", "{\"type\":\"DONE\"}");
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("active-states"), "done"));
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(
            By.cssSelector("#diagram svg g.active"), "done"));
  }

  @Test
  void aPayloadHoldingMarkupIsShownAsTextAndNeverRuns() {
    String markup = "<script>window.pwned=1</script><img src=x onerror=window.pwned=2>";
    createDesk("d-xss");
    String event = "{\"type\":\"NOTE\",\"payload\":{\"text\":" + quote(markup) + "}}";
    send("d-xss", event);
    browser.loginAs(ApiFixture.OPERATOR, "otto-operator");

    browser.go("#/instances/d-xss");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("context"), markup));

    assertThat(browser.script("return window.pwned === undefined")).isEqualTo(true);
    assertThat(browser.driver().findElements(By.cssSelector("img[src=x]"))).isEmpty();
    assertThat(browser.driver().findElements(By.cssSelector("#context script"))).isEmpty();
    browser.screenshot("payload-as-text");
  }

  @Test
  void aPageLeftForAnotherClosesItsStreamSoTheBrowsersConnectionsDoNotRunOut() {
    // a browser keeps six connections to a server; each login below leaves a page (and its stream)
    // behind: were their streams kept open, the seventh page's requests would wait for ever
    createDesk("d-left");
    Timeouts timeouts = browser.driver().manage().timeouts();
    Duration pageLoad = timeouts.getPageLoadTimeout();
    timeouts.pageLoadTimeout(Duration.ofSeconds(10)); // a page whose scripts wait fails its load
    try {
      for (int login = 0; login < 7; login++) {
        browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
      }
      browser.go("#/instances/d-left");
      browser.await(
          ExpectedConditions.textToBePresentInElementLocated(By.id("active-states"), "open"));
    } finally {
      timeouts.pageLoadTimeout(pageLoad);
    }
  }

  @Test
  void trimmedHistoryReadsAsHowManyOlderRowsWereRemoved() {
    createDesk("d-trim");
    for (int i = 0; i < 5; i++) {
      send("d-trim", "{\"type\":\"NOTE\",\"payload\":{\"text\":\"n" + i + "\"}}");
    }
    Instant now = api.clock().instant();
    api.store()
        .retention()
        .trimHistory(RetentionScope.all(), now.minusSeconds(3600), 3, now, "", 10);
    HistoryEntry marker = api.store().instances().history("d-trim", 0, 10).get(0);
    assertThat(marker.kind()).isEqualTo(HistoryEntry.Kind.TRIMMED);
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    browser.go("#/instances/d-trim");
    WebElement trimmed =
        browser.await(
            ExpectedConditions.presenceOfElementLocated(By.cssSelector("#history li.trimmed")));

    assertThat(trimmed.getText()).isEqualTo(TrimMarker.words(marker));
    assertThat(trimmed.getText())
        .as("the marker's words, not a raw row")
        .matches(
            "\\d+ older rows removed on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(through #\\d+\\)");
    assertThat(browser.find("#history").getText()).doesNotContain("trimmed");
    browser.await(
        ExpectedConditions.numberOfElementsToBeMoreThan(By.cssSelector("#history li"), 2));
    browser.screenshot("history-trimmed");
  }

  @Test
  void durationsRatesAndInstantsReadAsWordsWithTheUtcInstantOnHover() {
    createDesk("d-format");
    send("d-format", "{\"type\":\"START\"}");
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    assertThat(format("duration('PT0.000512655S')")).isEqualTo("0.51 ms");
    assertThat(format("duration('PT0.188567116S')")).isEqualTo("189 ms");
    assertThat(format("duration('PT2M5S')")).isEqualTo("2 min 5 s");
    assertThat(format("duration('PT1H')")).isEqualTo("1 h");
    assertThat(format("duration('P1DT2H')")).isEqualTo("1 d 2 h");
    assertThat(format("rate(0.3360836176040599, 'min')")).isEqualTo("0.34/min");
    assertThat(format("rate(1234.5, 's')")).isEqualTo("1,235/s");
    assertThat(format("utcTitle('2026-11-25T11:00:00Z')")).isEqualTo("2026-11-25T11:00:00Z (UTC)");
    assertThat(format("localTime('2026-11-25T11:00:00Z')"))
        .isEqualTo(
            browser.script(
                "const d = new Date('2026-11-25T11:00:00Z'), p = n => String(n).padStart(2, '0');"
                    + " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}"
                    + " ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;"));

    browser.go("#/queues");
    WebElement average =
        browser.await(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#queues tr[data-machine='desk'] [data-field='avg-time']")));
    assertThat(average.getText()).doesNotStartWith("PT").matches("—|[\\d.]+ (ms|s)");
    assertThat(browser.find("#queues tr[data-machine='desk'] [data-field='throughput']").getText())
        .matches("(<)?[\\d.,]+/min");

    browser.go("#/instances/d-format");
    WebElement due =
        browser.await(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#timers-armed td span.instant")));
    String dueAt =
        api.get("/api/instances/d-format", ApiFixture.VIEWER)
            .json()
            .get("timers")
            .get(0)
            .get("due_at")
            .asText();
    assertThat(due.getAttribute("title")).isEqualTo(Instant.parse(dueAt) + " (UTC)");
    assertThat(due.getText())
        .startsWith(format("localTime('" + dueAt + "')").toString())
        .doesNotContain("Z");
    browser.screenshot("formats-instance");
  }

  @Test
  void historyReadsAsATimelineWithStatesAsWordsAndPayloadsFolded() {
    createDesk("d-timeline");
    send("d-timeline", "{\"type\":\"NOTE\",\"payload\":{\"text\":\"call back\"}}");
    send("d-timeline", "{\"type\":\"START\"}");
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");

    browser.go("#/instances/d-timeline");
    browser.await(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#history li"), 3));

    String history = browser.find("#history").getText();
    assertThat(history).doesNotContain("[\"").doesNotContain("\"message\"");
    WebElement start = browser.find("#history li[data-sequence='3']");
    assertThat(start.getText()).contains("START").contains("open → working");
    WebElement payload = browser.find("#history li[data-sequence='2'] details.payload");
    assertThat(payload.getAttribute("open")).as("folded until asked").isNull();
    assertThat(payload.getText()).contains("payload (text)").doesNotContain("call back");
    payload.findElement(By.tagName("summary")).click();
    assertThat(payload.getText()).contains("call back");
    browser.script("document.getElementById('history').scrollIntoView()");
    browser.screenshot("history-timeline");
  }

  @Test
  void everyTableFitsItsColumnAndTheLoginPageShowsNoNavigation() {
    String longId = "d-" + "very-long-instance-id-".repeat(4) + "end";
    createDesk(longId);
    send(longId, "{\"type\":\"START\"}");
    browser.showLogin();
    assertThat(browser.find("#nav").isDisplayed()).as("no nav links on the login page").isFalse();
    assertThat(browser.find("#logout").isDisplayed()).isFalse();
    assertThat(browser.find("#live").isDisplayed()).as("no live dot before a login").isFalse();
    browser.screenshot("login");
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    assertThat(browser.find("#nav").isDisplayed()).isTrue();
    assertThat(browser.find("#live").isDisplayed()).isTrue();

    browser.go("#/instances/" + longId);
    browser.await(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#timers-armed td")));
    assertThat(overflowing("#timers-armed")).as("cells cut off").isEmpty();
    assertThat(brokenInstants("#timers-armed")).as("instants broken inside a date").isEmpty();
    browser.screenshot("instance-timers-fit");

    browser.go("#/instances?machine=desk");
    WebElement id =
        browser.await(
            ExpectedConditions.presenceOfElementLocated(By.cssSelector("#instances td .clip")));
    assertThat(id.getAttribute("title")).isEqualTo(longId);
    assertThat(browser.find("#instances thead").getText()).doesNotContain("Updated");
    assertThat(overflowing("#instances")).as("cells cut off").isEmpty();
    browser.screenshot("instances-fit");
  }

  /**
   * The cells of the table at {@code css} whose content is wider than the cell (an ellipsized value
   * is not: it fits by design), and the table itself when it runs past its container.
   */
  @SuppressWarnings("unchecked")
  private static List<String> overflowing(String css) {
    return (List<String>)
        browser.script(
            "const table = document.querySelector(arguments[0]);"
                + " const bad = [...table.querySelectorAll('td, th')]"
                + ".filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent);"
                + " const box = table.getBoundingClientRect(), outer ="
                + " table.parentElement.getBoundingClientRect();"
                + " if (box.right > outer.right + 1) bad.push('table wider than its column');"
                + " return bad;",
            css);
  }

  /**
   * The instants in {@code css} whose date and time ("2026-11-25 11:00:00") do not sit on one line:
   * the range of those 19 characters spans more than one line box.
   */
  @SuppressWarnings("unchecked")
  private static List<String> brokenInstants(String css) {
    return (List<String>)
        browser.script(
            "return [...document.querySelectorAll(arguments[0] + ' .instant')].filter(i => {"
                + " const walker = document.createTreeWalker(i, NodeFilter.SHOW_TEXT);"
                + " const text = walker.nextNode(), range = document.createRange();"
                + " range.setStart(text, 0); range.setEnd(text, Math.min(19, text.length));"
                + " return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;"
                + " }).map(i => i.textContent);",
            css);
  }

  /** Evaluates {@code call} on the dashboard's js/format.js module in the page. */
  private static Object format(String call) {
    return browser
        .driver()
        .executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + " import('/dashboard/js/format.js').then(f => done(f."
                + call
                + "), e => done('error: ' + e));");
  }

  private static By deskPending() {
    return By.cssSelector("#queues tr[data-machine='desk'] [data-field='pending']");
  }

  private static void createDesk(String id) {
    ApiFixture.Response created =
        api.post(
            "/api/instances",
            ApiFixture.OPERATOR,
            "{\"machine\":\"desk\",\"id\":\"" + id + "\"}",
            Map.of());
    assertThat(created.status()).as(created.body()).isEqualTo(201);
  }

  private static void send(String id, String event) {
    ApiFixture.Response sent =
        api.post("/api/instances/" + id + "/events", ApiFixture.OPERATOR, event);
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
  }

  private static String quote(String text) {
    return JsonNodeFactory.instance.textNode(text).toString();
  }
}
