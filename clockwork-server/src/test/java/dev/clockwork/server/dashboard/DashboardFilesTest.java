package dev.clockwork.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.server.ApiFixture;
import io.javalin.Javalin;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's files are served without a token, from the jar, under a content security policy
 * that allows this server's scripts only; Mermaid and uPlot come from their WebJars at the paths
 * the page names. They are read through the class loader, so they are served from a jar nested in
 * another too.
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

  @Test
  void everyFileGoesOutWithItsTypeAndThePolicy() {
    ApiFixture.Response style = API.get("/dashboard/style.css", null);
    ApiFixture.Response script = API.get("/dashboard/js/pages/machines.js", null);

    assertThat(style.status()).isEqualTo(200);
    assertThat(style.header("Content-Type")).startsWith("text/css");
    assertThat(style.header("Content-Security-Policy"))
        .isEqualTo(Dashboard.CONTENT_SECURITY_POLICY);
    assertThat(style.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(script.status()).isEqualTo(200);
    assertThat(script.header("Content-Type")).startsWith("text/javascript");
    assertThat(script.header("Cache-Control")).isEqualTo("no-cache");
  }

  @Test
  void theDashboardWithoutItsSlashGoesToThePageSoItsRelativeLinksWork() {
    ApiFixture.Response bare = API.get("/dashboard", null);

    assertThat(bare.status()).isEqualTo(302);
    assertThat(bare.header("Location")).isEqualTo("/dashboard/");
  }

  @Test
  void folderUnknownAndMissingFilesAreNotFound() {
    assertThat(API.get("/dashboard/js/", null).status()).isEqualTo(404);
    assertThat(API.get("/dashboard/js", null).status()).isEqualTo(404);
    assertThat(API.get("/dashboard/nothing.js", null).status()).isEqualTo(404);
    assertThat(API.get("/dashboard/%2e%2e/dev/clockwork/server/openapi.json", null).status())
        .isEqualTo(404);
    assertThat(API.get("/webjars/mermaid", null).status()).isEqualTo(404);
  }

  @Test
  void onlySafeNamesOfKnownTypesAreRead() {
    assertThat(ClasspathFiles.typeOf("js/app.js")).contains("text/javascript; charset=utf-8");
    assertThat(ClasspathFiles.typeOf("index.html")).contains("text/html; charset=utf-8");
    assertThat(ClasspathFiles.typeOf("../openapi.json")).isEmpty();
    assertThat(ClasspathFiles.typeOf("js/../../openapi.json")).isEmpty();
    assertThat(ClasspathFiles.typeOf("js\\app.js")).isEmpty();
    assertThat(ClasspathFiles.typeOf("js//app.js")).isEmpty();
    assertThat(ClasspathFiles.typeOf("/etc/passwd.txt")).isEmpty();
    assertThat(ClasspathFiles.typeOf("js")).isEmpty();
    assertThat(ClasspathFiles.typeOf("Dashboard.class")).isEmpty();
  }

  /**
   * The files are read through the class loader, never from its URLs: a Spring Boot jar's nested
   * {@code jar:nested:} URLs are what a file server's resource base refuses.
   */
  @Test
  void theFilesAreReadThroughTheClassLoaderNotItsUrls() throws Exception {
    ClassLoader streamsOnly =
        new ClassLoader(null) {
          @Override
          public URL getResource(String name) {
            throw new AssertionError("asked for the URL of " + name);
          }

          @Override
          public InputStream getResourceAsStream(String name) {
            return name.equals("pages/index.html")
                ? new ByteArrayInputStream("<p>nested</p>".getBytes(StandardCharsets.UTF_8))
                : null;
          }
        };
    ClasspathFiles files = new ClasspathFiles(streamsOnly, "pages", Map.of("X-A", "b"));
    Javalin app =
        Javalin.create(
            config -> config.routes.get("/<path>", ctx -> files.serve(ctx, ctx.pathParam("path"))));
    app.start("127.0.0.1", 0);
    try {
      HttpResponse<String> page =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + app.port() + "/index.html"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).isEqualTo("<p>nested</p>");
      assertThat(page.headers().firstValue("X-A")).contains("b");
    } finally {
      app.stop();
    }
  }
}
