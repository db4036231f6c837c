/**
 * API: behaviours (actions, guards, timer values) declared as Spring beans, so machine definitions
 * keep naming them as the seeds write them ({@code .action("processBillingAction")}).
 */
package dev.clockwork.spring.boot.behavior;
