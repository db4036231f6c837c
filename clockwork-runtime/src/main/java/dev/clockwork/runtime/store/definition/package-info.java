/**
 * SPI: the records the store's definitions role ({@link
 * dev.clockwork.runtime.store.DefinitionStore}) keeps: each deployed version of a machine as a
 * document (the machine's data form, JSON), so a node or dashboard without the machine's classes
 * can show it, and a version's definition can never change once deployed.
 */
package dev.clockwork.runtime.store.definition;
