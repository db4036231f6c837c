/**
 * Internal: the parse tree of a definition file — maps, lists and scalars that each remember the
 * line and column they were written at, read from Jackson's streaming parser (YAML or JSON), so
 * every later error can point at the text. Not API.
 */
package dev.clockwork.definition.tree;
