package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.server.ApiFixture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's files are served without a token, from the jar, under a content security policy
 * that allows this server's scripts only; Mermaid and uPlot come from their WebJars at the paths
 * the page names.
 */
class DashboardFilesTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void theRootSendsToTheDashboard() {
    ApiFixture.Response root = API.get("/", null);

    assertThat(root.status()).isEqualTo(302);
    assertThat(root.header("Location")).isEqualTo("/dashboard/");
    assertThat(API.get("/dashboard/", null).body()).contains("<title>Clockwork</title>");
  }

  @Test
  void thePageNeedsNoTokenAndForbidsForeignAndInlineScripts() {
    ApiFixture.Response page = API.get("/dashboard/", null);

    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Security-Policy"))
        .contains("script-src 'self'")
        .doesNotContain("unsafe-eval")
        .doesNotContain("script-src 'self' 'unsafe-inline'");
    assertThat(API.get("/dashboard/js/app.js", null).status()).isEqualTo(200);
  }

  @Test
  void mermaidIsServedFromItsWebJarAtThePathThePageNames() {
    String page = API.get("/dashboard/index.html", null).body();
    Matcher script = Pattern.compile("src=\"(/webjars/mermaid/[^\"]+)\"").matcher(page);
    assertThat(script.find()).as("index.html loads Mermaid from /webjars").isTrue();

    ApiFixture.Response mermaid = API.get(script.group(1), null);

    assertThat(mermaid.status()).as(script.group(1)).isEqualTo(200);
    assertThat(mermaid.body()).contains("mermaid");
  }

  @Test
  void uplotIsServedFromItsWebJarAtThePathsThePageNames() {
    String page = API.get("/dashboard/index.html", null).body();
    Matcher script = Pattern.compile("src=\"(/webjars/uplot/[^\"]+\\.js)\"").matcher(page);
    Matcher style = Pattern.compile("href=\"(/webjars/uplot/[^\"]+\\.css)\"").matcher(page);
    assertThat(script.find()).as("index.html loads uPlot from /webjars").isTrue();
    assertThat(style.find()).as("index.html loads uPlot's styles from /webjars").isTrue();

    ApiFixture.Response uplot = API.get(script.group(1), null);
    ApiFixture.Response css = API.get(style.group(1), null);

    assertThat(uplot.status()).as(script.group(1)).isEqualTo(200);
    assertThat(uplot.body()).contains("uPlot");
    assertThat(css.status()).as(style.group(1)).isEqualTo(200);
    assertThat(css.body()).contains(".uplot");
  }
}
