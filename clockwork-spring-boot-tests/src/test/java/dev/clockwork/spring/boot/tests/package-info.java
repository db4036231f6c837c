/**
 * The starter's tests, compiled and run once per Spring Boot line (clockwork-spring-boot-tests
 * boot-3.5 and boot-4.0): every condition and property of the auto-configuration.
 */
package dev.clockwork.spring.boot.tests;
