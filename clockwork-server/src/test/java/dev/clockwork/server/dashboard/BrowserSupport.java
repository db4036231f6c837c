package dev.clockwork.server.dashboard;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What every browser test class does first — skip, loudly, only when Chromium is not installed —
 * and last: close what it opened.
 */
final class BrowserSupport {
  private BrowserSupport() {}

  static void requireChromium() {
    if (!Browser.installed()) {
      System.err.println(
          "\n*****************************************************************************\n"
              + "* BROWSER TESTS SKIPPED: "
              + Browser.CHROMIUM
              + " or "
              + Browser.CHROMEDRIVER
              + " is missing.\n"
              + "* Install them: apt-get install -y chromium chromium-driver\n"
              + "*****************************************************************************\n");
    }
    assumeTrue(Browser.installed(), "chromium and chromium-driver are not installed");
  }

  /** Closes each part that was opened (null when its class stopped before opening it), in order. */
  static void closeAll(AutoCloseable... parts) throws Exception {
    for (AutoCloseable part : parts) {
      if (part != null) {
        part.close();
      }
    }
  }
}
