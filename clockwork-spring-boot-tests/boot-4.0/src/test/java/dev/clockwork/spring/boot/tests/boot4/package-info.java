/** Tests of what differs on Spring Boot 4.0: its health API (spring-boot-health). */
package dev.clockwork.spring.boot.tests.boot4;
