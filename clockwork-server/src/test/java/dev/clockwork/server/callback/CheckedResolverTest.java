package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A callback host is resolved once and only the addresses checked are connected to: a host with any
 * address outside the public ranges is refused as a whole, naming the address, its range and the
 * fix, unless the allow-list names that address itself.
 */
class CheckedResolverTest {
  private static InetAddress ip(String literal) {
    try {
      return InetAddress.getByName(literal);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static CheckedResolver resolver(List<String> allowList, Map<String, List<String>> dns) {
    return new CheckedResolver(
        AllowList.of(allowList),
        host -> dns.get(host).stream().map(CheckedResolverTest::ip).toArray(InetAddress[]::new));
  }

  @Test
  void publicAddressesAreHandedOnAsChecked() throws UnknownHostException {
    CheckedResolver resolver =
        resolver(
            List.of("hooks.example.com"),
            Map.of("hooks.example.com", List.of("93.184.215.14", "2606:2800:21f:cb07::1")));

    assertThat(resolver.check("hooks.example.com", 443))
        .containsExactly(
            new InetSocketAddress(ip("93.184.215.14"), 443),
            new InetSocketAddress(ip("2606:2800:21f:cb07::1"), 443));
  }

  @Test
  void aNameThatResolvesToAnyNonPublicAddressIsRefused() {
    Map<String, List<String>> dns =
        Map.of(
            "loop.example.com", List.of("127.0.0.1"),
            "mixed.example.com", List.of("93.184.215.14", "10.1.2.3"),
            "metadata.example.com", List.of("169.254.169.254"),
            "metadata6.example.com", List.of("fd00:ec2::254"),
            "cgnat.example.com", List.of("100.64.0.9"),
            "private.example.com", List.of("192.168.1.20"));
    CheckedResolver resolver = resolver(List.of("*.example.com"), dns);

    assertThatThrownBy(() -> resolver.check("loop.example.com", 443))
        .hasMessageContaining("resolves to 127.0.0.1, a loopback address")
        .hasMessageContaining("CallbackOptions.allowHost(\"127.0.0.1\")");
    assertThatThrownBy(() -> resolver.check("mixed.example.com", 443))
        .hasMessageContaining("10.1.2.3, a private network address");
    assertThatThrownBy(() -> resolver.check("metadata.example.com", 443))
        .hasMessageContaining("link-local");
    assertThatThrownBy(() -> resolver.check("metadata6.example.com", 443))
        .hasMessageContaining("unique-local")
        .hasMessageContaining("allowHost(\"[fd00:ec2:0:0:0:0:0:254]\")");
    assertThatThrownBy(() -> resolver.check("cgnat.example.com", 443))
        .hasMessageContaining("carrier-grade NAT");
    assertThatThrownBy(() -> resolver.check("private.example.com", 443))
        .hasMessageContaining("private network");
  }

  @Test
  void anAddressTheAllowListNamesItselfIsReached() throws UnknownHostException {
    CheckedResolver resolver =
        resolver(
            List.of("hooks.internal.example.com", "10.1.2.3", "[fd00::7]:8443"),
            Map.of(
                "hooks.internal.example.com", List.of("10.1.2.3"),
                "v6.internal.example.com", List.of("fd00::7"),
                "other.internal.example.com", List.of("10.1.2.4")));

    assertThat(resolver.check("hooks.internal.example.com", 443))
        .containsExactly(new InetSocketAddress(ip("10.1.2.3"), 443));
    assertThat(resolver.check("v6.internal.example.com", 8443)).hasSize(1);
    assertThatThrownBy(() -> resolver.check("other.internal.example.com", 443))
        .hasMessageContaining("10.1.2.4");
  }

  @Test
  void anIpEntryThatIsNotAnAddressIsRefusedWhenTheListIsBuilt() {
    assertThatThrownBy(() -> AllowList.of(List.of("999.1.2.3")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'999.1.2.3' is not a valid IP address");
  }
}
