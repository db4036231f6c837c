/**
 * Not API: what the engine knows of its store's failures — since when the store refuses the
 * workers' calls and why — for the health report and for logging that does not flood.
 */
package dev.clockwork.runtime.internal.outage;
