package dev.clockwork.definition.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Parses an exported document (it must be well-formed, namespace-aware XML) and checks it against
 * the structure of SCXML 1.0: each SCXML element under a parent the specification allows, ids
 * unique XML names, every {@code initial} a child and every {@code target} a state, delays in
 * SCXML's time form, each {@code <cancel>} matching a {@code <send>} of its state. (The W3C's XML
 * Schema is not in the build; these are the rules it states that the export could break.)
 */
final class ScxmlStructure {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_\\p{L}][A-Za-z0-9_.\\-\\p{L}]*");
  private static final Pattern DELAY = Pattern.compile("\\d+(ms|s)");
  private static final Set<String> STATES = Set.of("state", "parallel", "final");
  private static final Set<String> IDENTIFIED = Set.of("state", "parallel", "final", "history");
  private static final Set<String> CONTENT = Set.of("onentry", "onexit", "transition");
  private static final Map<String, Set<String>> PARENTS =
      Map.ofEntries(
          Map.entry("scxml", Set.of()),
          Map.entry("datamodel", Set.of("scxml")),
          Map.entry("data", Set.of("datamodel")),
          Map.entry("state", Set.of("scxml", "state", "parallel")),
          Map.entry("parallel", Set.of("scxml", "state", "parallel")),
          Map.entry("final", Set.of("scxml", "state", "parallel")),
          Map.entry("onentry", STATES),
          Map.entry("onexit", STATES),
          Map.entry("history", Set.of("state", "parallel")),
          Map.entry("transition", Set.of("state", "parallel", "history")),
          Map.entry("invoke", Set.of("state", "parallel")),
          Map.entry("raise", CONTENT),
          Map.entry("log", CONTENT),
          Map.entry("assign", CONTENT),
          Map.entry("send", CONTENT),
          Map.entry("cancel", CONTENT),
          Map.entry("param", Set.of("send", "invoke")));

  final Document document;
  final Map<String, Element> states = new HashMap<>();

  private ScxmlStructure(Document document) {
    this.document = document;
  }

  static ScxmlStructure check(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    Document document =
        factory
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    ScxmlStructure structure = new ScxmlStructure(document);
    structure.checkAll();
    return structure;
  }

  Element root() {
    return document.getDocumentElement();
  }

  Element state(String id) {
    assertThat(states).as("states").containsKey(id);
    return states.get(id);
  }

  /** The SCXML children of {@code parent} called {@code name}. */
  static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e
          && ScxmlFormat.SCXML_NAMESPACE.equals(e.getNamespaceURI())
          && e.getLocalName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  /** Every element of the Clockwork namespace called {@code name} under {@code parent}. */
  static List<Element> extensions(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    var nodes = parent.getElementsByTagNameNS(ScxmlFormat.CLOCKWORK_NAMESPACE, name);
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add((Element) nodes.item(i));
    }
    return out;
  }

  private void checkAll() {
    Element root = root();
    assertThat(root.getNamespaceURI()).isEqualTo(ScxmlFormat.SCXML_NAMESPACE);
    assertThat(root.getLocalName()).isEqualTo("scxml");
    assertThat(root.getAttribute("version")).isEqualTo("1.0");
    Set<String> ids = new HashSet<>();
    walk(root, ids);
    assertThat(states).containsKey(root.getAttribute("initial"));
    for (Element state : states.values()) {
      if (state.hasAttribute("initial")) {
        assertThat(state(state.getAttribute("initial")).getParentNode())
            .as("the initial of " + state.getAttribute("id") + " is its child")
            .isSameAs(state);
      }
      for (Element t : children(state, "transition")) {
        for (String target : t.getAttribute("target").split(" ")) {
          if (!target.isEmpty()) {
            assertThat(states).as("target of a transition").containsKey(target);
          }
        }
        assertThat(t.getAttribute("event")).doesNotContainPattern("\\s");
      }
      Set<String> sent = new HashSet<>();
      for (Element onentry : children(state, "onentry")) {
        children(onentry, "send").forEach(s -> sent.add(s.getAttribute("id")));
      }
      for (Element onexit : children(state, "onexit")) {
        for (Element cancel : children(onexit, "cancel")) {
          assertThat(sent).as("a cancel's send").contains(cancel.getAttribute("sendid"));
        }
      }
    }
  }

  private void walk(Element element, Set<String> ids) {
    if (ScxmlFormat.SCXML_NAMESPACE.equals(element.getNamespaceURI())) {
      String name = element.getLocalName();
      assertThat(PARENTS).as("an SCXML element the export writes").containsKey(name);
      if (element.getParentNode() instanceof Element parent) {
        assertThat(PARENTS.get(name))
            .as(name + " under " + parent.getLocalName())
            .contains(parent.getLocalName());
      }
      if (IDENTIFIED.contains(name) || name.equals("data")) {
        String id = element.getAttribute("id");
        assertThat(id).matches(NAME);
        assertThat(ids.add(id)).as("id " + id + " is unique").isTrue();
        if (!name.equals("data")) {
          states.put(id, element);
        }
      }
      if (name.equals("send") && element.hasAttribute("delay")) {
        assertThat(element.getAttribute("delay")).matches(DELAY);
      }
    } else {
      assertThat(element.getNamespaceURI()).isEqualTo(ScxmlFormat.CLOCKWORK_NAMESPACE);
    }
    for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element child) {
        walk(child, ids);
      }
    }
  }
}
