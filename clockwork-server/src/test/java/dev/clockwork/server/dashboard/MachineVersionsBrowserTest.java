package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * The machine page in headless Chromium: a machine deployed as data in two versions, a picker that
 * draws each version's diagram, and an instance page saying which version its instance runs.
 */
class MachineVersionsBrowserTest {
  static ApiFixture api;
  static Browser browser;

  /** Another node on the same database: it runs {@link #BELL}, which the server's node does not. */
  static Engine other;

  /**
   * A machine only the other node runs: {@code RING} moves into {@code ringing}, whose targetless
   * recurring {@code NUDGE} fires every second three times; {@code ringing} is done at {@code
   * rung}, and its {@code @done} goes back to {@code idle}.
   */
  static final MachineDefinition BELL =
      Machine.define("bell")
          .initial("idle")
          .state("idle", s -> s.on("RING", "ringing"))
          .state(
              "ringing",
              s ->
                  s.initial("loud")
                      .state(
                          "loud",
                          l ->
                              l.on("NUDGE", t -> t.every(Timer.seconds(1)).max(3))
                                  .on("HUSH", "rung"))
                      .finalState("rung")
                      .onDone("idle"))
          .build();

  /** A machine of built-ins; version 2 adds the state {@code archived}. */
  static String kiosk(int version) {
    return """
        id: kiosk
        version: %d
        initial: idle
        states:
          idle:
            on: {OPEN: serving}
          serving:
            on: {CLOSE: %s}
          %s
        """
        .formatted(
            version,
            version == 1 ? "idle" : "archived",
            version == 1 ? "" : "archived: {type: final}");
  }

  @BeforeAll
  static void start() {
    BrowserSupport.requireChromium();
    api = ApiFixture.start();
    deploy(kiosk(1));
    api.post("/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"kiosk\", \"id\": \"k-1\"}");
    deploy(kiosk(2));
    other = Engine.builder().store(api.store()).clock(api.clock()).register(BELL).build();
    other.machines().deploy(BELL);
    other.create(NewInstance.of("bell").id("b-1"));
    other.send("b-1", Event.of("RING"));
    browser = Browser.open(api.url());
  }

  static void deploy(String yaml) {
    ApiFixture.Response deployed =
        api.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", yaml);
    assertThat(deployed.status()).as(deployed.body()).isEqualTo(201);
  }

  @AfterAll
  static void stop() throws Exception {
    BrowserSupport.closeAll(browser, other, api);
  }

  @Test
  void theVersionPickerDrawsEachDeployedVersion() {
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.go("#/machines/kiosk");
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(
            By.cssSelector("#machine-diagram svg"), "archived"));
    Select picker = new Select(browser.find("#version-picker"));
    assertThat(picker.getOptions()).extracting(o -> o.getText()).containsExactly("v2", "v1");
    assertThat(picker.getFirstSelectedOption().getText()).isEqualTo("v2");
    browser.screenshot("machine-versions");

    picker.selectByValue("1");

    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("version-about"), "Version 1"));
    browser.await(
        ExpectedConditions.not(
            ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#machine-diagram svg"), "archived")));
    assertThat(browser.find("#machine-diagram svg").getText()).contains("serving");
  }

  @Test
  void anInstancePageSaysWhichVersionItsInstanceRuns() {
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.go("#/instances/k-1");
    browser.await(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#diagram svg")));

    assertThat(browser.find("#instance-version").getText()).isEqualTo("kiosk v1");
    assertThat(browser.find("#diagram svg").getText())
        .contains("serving")
        .doesNotContain("archived");

    browser.find("#instance-version").click();
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("version-about"), "Version 1"));
  }

  @Test
  void anInstanceOfAMachineThisNodeDoesNotRunShowsItsStoredDiagramContextAndHistory() {
    browser.loginAs(ApiFixture.VIEWER, "vera-viewer");
    browser.go("#/instances/b-1");
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("active-states"), "ringing.loud"));
    browser.await(
        d ->
            d.findElements(By.cssSelector("#diagram svg g.active")).stream()
                .anyMatch(g -> g.getText().contains("loud")));

    assertThat(browser.find("#not-run-here").getText())
        .contains("does not run bell")
        .contains("stored definition (v1)");
    String diagram = browser.find("#diagram svg").getText();
    assertThat(diagram)
        .as("a targetless recurring timer and @done as written")
        .contains("NUDGE every 1 second ×3 (stays)")
        .contains("@done")
        .doesNotContain("done.state");
    assertThat(browser.find("#context").getText()).isEqualTo("{}");
    browser.await(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#history li"), 2));
    assertThat(browser.find("#history").getText()).contains("idle → ringing.loud");
    browser.screenshot("instance-not-run-here");
  }
}
