package dev.clockwork.server.dashboard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven by Debian's chromedriver, both named by path so Selenium never
 * downloads a browser or a driver; a fresh profile per run; screenshots under {@code
 * target/screenshots}.
 */
final class Browser implements AutoCloseable {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  private final ChromeDriver driver;
  private final Path profile;
  private final String baseUrl;

  private Browser(String baseUrl) throws IOException {
    this.baseUrl = baseUrl;
    this.profile = Files.createTempDirectory("clockwork-chromium");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,1000",
        "--user-data-dir=" + profile);
    options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    this.driver = new ChromeDriver(service, options);
  }

  /** Whether Chromium and its driver are installed. */
  static boolean installed() {
    return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
  }

  static Browser open(String baseUrl) {
    try {
      return new Browser(baseUrl);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  ChromeDriver driver() {
    return driver;
  }

  /** Opens a page of the dashboard, such as {@code #/queues}. */
  void go(String hash) {
    driver.get(baseUrl + "/dashboard/" + hash);
  }

  /** Waits up to 10 s for {@code condition}. */
  <T> T await(ExpectedCondition<T> condition) {
    return new WebDriverWait(driver, Duration.ofSeconds(10)).until(condition);
  }

  /**
   * Logs out and loads the dashboard afresh: no cookie left, and a new page (from {@code
   * about:blank}, since loading the URL already shown only changes its hash); returns the login
   * form's token field.
   */
  WebElement showLogin() {
    driver.manage().deleteAllCookies();
    driver.get("about:blank");
    go("#/queues");
    return await(ExpectedConditions.visibilityOfElementLocated(By.id("token")));
  }

  /** Logs in afresh with {@code token}: no cookie left, the token typed into the login form. */
  void loginAs(String token, String principal) {
    showLogin().sendKeys(token);
    find("#login-button").click();
    await(ExpectedConditions.textToBePresentInElementLocated(By.id("who"), principal));
  }

  WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  Object script(String javascript, Object... args) {
    return driver.executeScript(javascript, args);
  }

  /**
   * The console's errors (failed requests among them) since the last call, as their messages; each
   * call empties the browser's log.
   */
  List<String> consoleErrors() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
        .map(LogEntry::getMessage)
        .toList();
  }

  /** Saves a screenshot as {@code target/screenshots/<name>.png}. */
  void screenshot(String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
      Files.copy(shot, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    driver.quit();
    try (Stream<Path> files = Files.walk(profile)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a leftover temporary profile is harmless
    }
  }
}
