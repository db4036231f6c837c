package dev.clockwork.server.dashboard;

import static dev.clockwork.server.ApiFixture.TENANT_A;
import static dev.clockwork.server.ApiFixture.TENANT_B;
import static dev.clockwork.server.ApiFixture.VIEWER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.server.ApiFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * The dashboard's one namespace choice, with two tenants over one server, each with its own {@code
 * order-42}: a tenant's token lists and opens only its own instances, and is told in one calm line
 * (no error box, no failed request) that queue figures need a token for every namespace; a token
 * for every namespace switches between tenants from the header, keeps the choice over a reload, and
 * follows the chosen namespace live.
 */
class NamespaceBrowserTest {
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
  void twoTenants() {
    api.reset();
    create(TENANT_A, "order-42", "from A");
    create(TENANT_A, "a-only", "A's own");
    create(TENANT_B, "order-42", "from B");
    create(TENANT_B, "b-only", "B's own");
  }

  @Test
  void aTenantListsOnlyItsOwnInstances() {
    browser.loginAs(TENANT_A, "anna-a");

    browser.go("#/instances");
    List<String> listed = listedInstances();

    assertThat(new Select(browser.find("select#namespace")).getOptions())
        .extracting(WebElement::getText)
        .containsExactly("tenant-a");
    browser.screenshot("namespace-tenant-a-instances");
    assertThat(listed).containsExactlyInAnyOrder("order-42", "a-only");
  }

  @Test
  void aTenantOpensItsOwnOrder42() {
    browser.loginAs(TENANT_A, "anna-a");

    browser.go("#/instances/order-42");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("context"), "from A"));

    assertThat(browser.find("#context").getText()).doesNotContain("from B");
    assertThat(browser.find("#instance-namespace").getText()).isEqualTo("tenant-a");
  }

  @Test
  void aTenantIsToldQueueFiguresNeedEveryNamespaceWithoutAnErrorBox() {
    browser.loginAs(TENANT_A, "anna-a");
    browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("queues-need-all")));
    browser.consoleErrors(); // the login page's own 401 (no session yet) is not this test's

    browser.driver().navigate().refresh();
    WebElement line =
        browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("queues-need-all")));

    assertThat(line.getText())
        .isEqualTo("Queue figures span every namespace: they need a token for every namespace.");
    assertThat(browser.driver().findElements(By.cssSelector(".notice.error, .error"))).isEmpty();
    assertThat(browser.driver().findElements(By.cssSelector("#queues, #retention"))).isEmpty();
    assertThat(browser.find("nav [data-page='queues']").isDisplayed()).isFalse();
    browser.screenshot("namespace-tenant-queues");
    Map<String, String> pages =
        Map.of(
            "#/instances", "Instances",
            "#/dead-letters", "Dead letters",
            "#/timers", "Timers due soon",
            "#/schedules", "Schedules");
    for (Map.Entry<String, String> page : pages.entrySet()) {
      browser.go(page.getKey());
      browser.await(ExpectedConditions.textToBe(By.cssSelector("main h1"), page.getValue()));
      if (!browser.driver().findElements(By.className("pager-status")).isEmpty()) {
        browser.await(
            ExpectedConditions.textToBePresentInElementLocated(
                By.className("pager-status"), "(all)"));
      }
    }
    browser.await(ExpectedConditions.attributeContains(By.id("live"), "class", "on"));
    assertThat(browser.driver().findElements(By.cssSelector(".notice.error"))).isEmpty();
    assertThat(browser.consoleErrors()).as("console errors of a tenant's pages").isEmpty();
  }

  @Test
  void aTokenForEveryNamespaceListsTheOneItSwitchesTo() {
    browser.loginAs(VIEWER, "vera-viewer");
    browser.go("#/instances");
    assertThat(listedInstances()).as("the default namespace has no instance").isEmpty();

    choose("tenant-b");

    browser.await(ExpectedConditions.urlContains("ns=tenant-b"));
    List<String> listed = listedInstances();
    browser.screenshot("namespace-switched-to-tenant-b");
    assertThat(listed).containsExactlyInAnyOrder("order-42", "b-only");
  }

  @Test
  void aTokenForEveryNamespaceOpensTheChosenOrder42KeepsItOverAReloadAndFollowsItLive() {
    browser.loginAs(VIEWER, "vera-viewer");
    browser.go("#/instances/order-42");
    browser.await(
        ExpectedConditions.presenceOfElementLocated(By.cssSelector("main .notice.error")));
    assertThat(browser.find("#namespace").getAttribute("value")).isEqualTo("default");

    choose("tenant-b");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("context"), "from B"));
    assertThat(browser.find("#instance-namespace").getText()).isEqualTo("tenant-b");

    browser.go("#/instances");
    browser.await(ExpectedConditions.urlContains("#/instances?ns=tenant-b"));
    browser.go("#/instances/order-42");
    browser.driver().navigate().refresh();
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("context"), "from B"));
    assertThat(browser.find("#namespace").getAttribute("value")).isEqualTo("tenant-b");
    assertThat(browser.driver().getCurrentUrl()).endsWith("#/instances/order-42?ns=tenant-b");

    browser.await(ExpectedConditions.attributeContains(By.id("live"), "class", "on"));
    send(TENANT_B, "order-42", "{\"type\":\"START\"}");
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.id("active-states"), "working"));
    browser.screenshot("namespace-tenant-b-order-42-live");

    choose("tenant-a");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("context"), "from A"));
    assertThat(browser.find("#active-states").getText()).isEqualTo("open");
    assertThat(browser.driver().getCurrentUrl()).endsWith("#/instances/order-42?ns=tenant-a");
  }

  /** Types namespace into the header's free text control (a token for every namespace). */
  private static void choose(String namespace) {
    WebElement shown = browser.find("main > *");
    WebElement control = browser.find("input#namespace");
    control.clear();
    control.sendKeys(namespace, Keys.ENTER);
    browser.await(ExpectedConditions.stalenessOf(shown));
  }

  /** The ids the instances page lists, once it has loaded them all. */
  private static List<String> listedInstances() {
    WebElement page =
        browser.await(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#instances")));
    browser.await(
        ExpectedConditions.textToBePresentInElementLocated(By.className("pager-status"), "(all)"));
    return page.findElements(By.cssSelector("tbody tr td:first-child")).stream()
        .map(WebElement::getText)
        .toList();
  }

  private static void create(String token, String id, String note) {
    ApiFixture.Response created =
        api.post("/api/instances", token, "{\"machine\":\"desk\",\"id\":\"" + id + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    send(token, id, "{\"type\":\"NOTE\",\"payload\":{\"text\":\"" + note + "\"}}");
  }

  private static void send(String token, String id, String event) {
    ApiFixture.Response sent = api.post("/api/instances/" + id + "/events", token, event);
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
  }
}
