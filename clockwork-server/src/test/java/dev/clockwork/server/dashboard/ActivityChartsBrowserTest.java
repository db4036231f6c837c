package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The machine page's activity charts in headless Chromium, after a bench-like quarter hour driven
 * through the engine on the fixture's virtual clock: a varying load of queued events per minute
 * (the backlog sampled before each minute's work), one dead letter, and timer fires that start
 * late. Every chart is drawn from the API's series, whose figures are not empty.
 */
class ActivityChartsBrowserTest {
  static final List<String> CHARTS =
      List.of(
          "chart-rate",
          "chart-processing",
          "chart-backlog",
          "chart-dead-letters",
          "chart-timer-lateness");

  static ApiFixture api;
  static Browser browser;

  @BeforeAll
  static void start() {
    BrowserSupport.requireChromium();
    api = ApiFixture.start(builder -> builder.register(DeskMachine.DESK));
    driveABenchLikeLoad(api.engine());
    browser = Browser.open(api.url());
  }

  @AfterAll
  static void stop() throws Exception {
    BrowserSupport.closeAll(browser, api);
  }

  /**
   * 10:00 five desks start (each arms its one-hour timer, 10 s apart); from 10:45 a quarter hour of
   * NOTEs on ten more desks, 4 to 16 a minute, one REFUSE among them; at 11:00:45 the timers fire,
   * 5 to 45 s late.
   */
  static void driveABenchLikeLoad(Engine engine) {
    for (int i = 0; i < 5; i++) {
      engine.create(NewInstance.of("desk").id("timed-" + i));
      engine.enqueue("timed-" + i, Event.of("START"));
      engine.runDue();
      api.clock().advance(Duration.ofSeconds(10));
    }
    for (int i = 0; i < 10; i++) {
      engine.create(NewInstance.of("desk").id("busy-" + i));
    }
    api.clock().advance(Duration.ofMinutes(44).plusSeconds(10));
    for (int minute = 0; minute < 15; minute++) {
      int events = 4 + (minute * 5) % 13;
      for (int e = 0; e < events; e++) {
        engine.enqueue("busy-" + (e % 10), Event.of("NOTE"));
      }
      if (minute == 9) {
        engine.enqueue("busy-3", Event.of("REFUSE"));
      }
      engine.admin().queues().flushActivity(); // samples this minute's backlog
      engine.runDue();
      api.clock().advance(Duration.ofMinutes(1));
    }
    api.clock().advance(Duration.ofSeconds(45));
    assertThat(engine.runDue()).as("the five timer fires").isEqualTo(5);
  }

  @Test
  void theMachinePageDrawsEveryActivityChartFromTheSeries() {
    JsonNode points =
        api.get("/api/queues/desk/activity?minutes=60", ApiFixture.VIEWER).json().get("points");
    assertThat(sum(points, "completed")).isGreaterThan(100);
    assertThat(sum(points, "dead_lettered")).isEqualTo(1);
    assertThat(sum(points, "timer_fires")).isEqualTo(5);
    assertThat(count(points, "processing_p95_ms")).isGreaterThanOrEqualTo(15);
    assertThat(count(points, "backlog")).isGreaterThanOrEqualTo(15);
    assertThat(max(points, "timer_lateness_p95_ms")).isBetween(45_000 / 1.42, 45_000 * 1.42);

    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.consoleErrors(); // the login page's own 401 (no session yet) is not this test's
    browser.go("#/machines/desk");
    for (String chart : CHARTS) {
      browser.await(
          ExpectedConditions.presenceOfElementLocated(By.cssSelector("#" + chart + " canvas")));
      assertThat(
              browser.script(
                  "const u = document.getElementById(arguments[0]).chart;"
                      + " return u.data.slice(1).some(line => line.some(v => v > 0));",
                  chart))
          .as("%s plots figures above zero", chart)
          .isEqualTo(true);
    }
    assertThat(browser.script("return document.getElementById('chart-rate').chart.data[0].length"))
        .as("a point per minute of the hour")
        .isEqualTo(60L);
    assertThat(browser.consoleErrors()).as("console errors of the machine page").isEmpty();
    browser.script("document.getElementById('machine-activity').scrollIntoView()");
    browser.screenshot("machine-activity");
  }

  @Test
  void theQueuesOverviewShowsEachMachinesEventsPerSecondAsASparklineLinkingItsCharts() {
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.go("#/queues");
    By desk = By.cssSelector("#queues tr[data-machine='desk'] canvas.sparkline[data-peak]");
    browser.await(ExpectedConditions.presenceOfElementLocated(desk));

    double peak = Double.parseDouble(browser.driver().findElement(desk).getAttribute("data-peak"));
    assertThat(peak).as("the busiest minute's events/s").isEqualTo(16 / 60.0);
    assertThat(browser.driver().findElement(desk).getAttribute("title"))
        .startsWith("events/s over the last hour: peak 0.27/s");
    browser.screenshot("queues-sparklines");

    browser.driver().findElement(desk).click();
    browser.await(
        ExpectedConditions.presenceOfElementLocated(By.cssSelector("#chart-rate canvas")));
    assertThat(browser.driver().getCurrentUrl()).endsWith("#/machines/desk");
  }

  @Test
  void theAxesReadAsRatesDurationsAndCounts() {
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.go("#/machines/desk");
    browser.await(
        ExpectedConditions.presenceOfElementLocated(By.cssSelector("#chart-rate canvas")));

    Object formatted =
        browser
            .driver()
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + " import('/dashboard/js/charts.js').then(c => done(["
                    + " c.rate(12.34), c.rate(0.05), c.millis(4.23), c.millis(0.85),"
                    + " c.millis(1500), c.millis(45000), c.millis(90000), c.count(1250), c.count(0.5)]));");

    assertThat(formatted)
        .asList()
        .containsExactly(
            "12.3/s", "0.05/s", "4.23 ms", "850 µs", "1.5 s", "45 s", "1.5 min", "1,250", "");
  }

  private static long sum(JsonNode points, String field) {
    long sum = 0;
    for (JsonNode point : points) {
      sum += point.get(field).asLong();
    }
    return sum;
  }

  private static long count(JsonNode points, String field) {
    long count = 0;
    for (JsonNode point : points) {
      count += point.get(field).isNull() ? 0 : 1;
    }
    return count;
  }

  private static double max(JsonNode points, String field) {
    double max = 0;
    for (JsonNode point : points) {
      max = Math.max(max, point.get(field).asDouble());
    }
    return max;
  }
}
