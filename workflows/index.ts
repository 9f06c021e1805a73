/**
 * Every workflow the worker runs. Capability workflows are added here as they land
 * (exports, imports, triggers, session workflows, maintenance).
 */
export {};
