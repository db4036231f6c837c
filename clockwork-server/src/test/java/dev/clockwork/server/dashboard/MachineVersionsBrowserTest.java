package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

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
    browser = Browser.open(api.url());
  }

  static void deploy(String yaml) {
    ApiFixture.Response deployed =
        api.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", yaml);
    assertThat(deployed.status()).as(deployed.body()).isEqualTo(201);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
    if (api != null) {
      api.close();
    }
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
}
