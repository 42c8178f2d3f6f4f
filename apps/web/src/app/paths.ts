/**
 * Where the app's screens live (spec §2): the fixed route table is the contract's, shared with the server (which
 * refuses a run-time menu route that clashes with one). Screens link to each other with these names; like the
 * contract's module, this imports nothing else, so a screen can use it without reaching the route table.
 */
export * from '@kestrel/contract/app-routes';
