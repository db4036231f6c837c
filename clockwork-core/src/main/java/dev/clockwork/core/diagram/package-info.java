/** Diagrams drawn from machine definitions (Mermaid state diagrams). API; pure. */
package dev.clockwork.core.diagram;
