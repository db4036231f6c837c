/** Tests of what differs on Spring Boot 3.5: its health API. */
package dev.clockwork.spring.boot.tests.boot3;
