package dev.clockwork.definition.scxml;

import java.io.StringWriter;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The DOM an SCXML export is built in, with the SCXML and Clockwork namespaces, and its text. */
final class ScxmlDocument {
  private final Document document;

  ScxmlDocument() {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      document = factory.newDocumentBuilder().newDocument();
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's XML parser is not configured", e);
    }
  }

  /** An SCXML element. */
  Element scxml(String name) {
    return document.createElementNS(ScxmlFormat.SCXML_NAMESPACE, name);
  }

  /** A Clockwork extension element, {@code clockwork:<name>}. */
  Element clockwork(String name) {
    return document.createElementNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "clockwork:" + name);
  }

  /** Sets the Clockwork extension attribute {@code clockwork:<name>}. */
  static void extension(Element element, String name, String value) {
    element.setAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "clockwork:" + name, value);
  }

  void root(Element scxml) {
    scxml.setAttributeNS(
        XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:clockwork", ScxmlFormat.CLOCKWORK_NAMESPACE);
    document.appendChild(scxml);
  }

  String text() {
    try {
      TransformerFactory factory = TransformerFactory.newInstance();
      Transformer transformer = factory.newTransformer();
      transformer.setOutputProperty(OutputKeys.INDENT, "yes");
      transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
      StringWriter out = new StringWriter();
      out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
      transformer.transform(new DOMSource(document), new StreamResult(out));
      return out.toString();
    } catch (TransformerException e) {
      throw new IllegalStateException("cannot write the SCXML document", e);
    }
  }
}
