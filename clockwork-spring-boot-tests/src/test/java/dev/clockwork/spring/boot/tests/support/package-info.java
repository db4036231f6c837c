/** Test support shared by the Spring Boot 3.5 and 4.0 test modules: machines and databases. */
package dev.clockwork.spring.boot.tests.support;
