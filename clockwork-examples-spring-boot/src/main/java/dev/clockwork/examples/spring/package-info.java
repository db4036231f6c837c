/**
 * Example (not API): the order machine in a Spring Boot application — machine and behaviours as
 * beans, a REST controller sending events, a schedule — as the README's "Spring Boot" section
 * shows.
 */
package dev.clockwork.examples.spring;
